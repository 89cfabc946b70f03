// One way to describe a page to browsers, search engines and link previews: title (with the
// store's template), description, canonical URL and Open Graph tags.
import type { MetaDescriptor } from 'react-router';

import { imageFileUrl } from '../common/images.ts';
import type { RatingSummary } from '../common/reviews.ts';

const DEFAULT_IMAGE = '/media/hero-poster-1280.webp';

interface MetaArgsLike {
  location: { pathname: string; search?: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
}

export interface PageSeo {
  /** Page title without the store name; omitted for the home page. */
  title?: string;
  description: string;
  /** Path (and query) of the canonical URL; defaults to the current path without its query. */
  canonicalPath?: string;
  /** Absolute path of the preview image, or its full address (absoluteImageUrl). */
  image?: string;
  type?: 'website' | 'product' | 'article';
  /** Keep the page out of search results (errors, placeholders). */
  noIndex?: boolean;
}

function rootData(matches: MetaArgsLike['matches']) {
  return matches.find((match) => match?.id === 'root')?.loaderData as
    { publicUrl?: string; assetsUrl?: string | null; store?: { name?: string } } | undefined;
}

/** The site's public origin, from the root loader (the PUBLIC_URL setting). */
export function publicOrigin(matches: MetaArgsLike['matches']): string {
  return rootData(matches)?.publicUrl ?? '';
}

/** The full address of one variant of a product image (ASSETS_URL's for uploaded ones), for previews. */
export function absoluteImageUrl(matches: MetaArgsLike['matches'], base: string, width: number): string {
  const url = imageFileUrl(base, width, rootData(matches)?.assetsUrl);
  return url.startsWith('/') ? `${publicOrigin(matches)}${url}` : url;
}

/** The store's name, from the root loader (the STORE_NAME setting). */
export function storeName(matches: MetaArgsLike['matches']): string {
  return rootData(matches)?.store?.name ?? 'Trap the Trend';
}

export function pageMeta(args: MetaArgsLike, seo: PageSeo): MetaDescriptor[] {
  const origin = publicOrigin(args.matches);
  const name = storeName(args.matches);
  const defaultTitle = `${name} | Streetwear for the youth of India`;
  const title = seo.title ? `${seo.title} | ${name}` : defaultTitle;
  const canonical = `${origin}${seo.canonicalPath ?? args.location.pathname}`;
  const image = seo.image && !seo.image.startsWith('/') ? seo.image : `${origin}${seo.image ?? DEFAULT_IMAGE}`;
  return [
    { title },
    { name: 'description', content: seo.description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:site_name', content: name },
    { property: 'og:type', content: seo.type ?? 'website' },
    { property: 'og:title', content: seo.title ?? defaultTitle },
    { property: 'og:description', content: seo.description },
    { property: 'og:url', content: canonical },
    { property: 'og:image', content: image },
    { property: 'og:locale', content: 'en_IN' },
    { name: 'twitter:card', content: 'summary_large_image' },
    ...(seo.noIndex ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
}

/** JSON-LD for a page, as a meta descriptor React Router renders into the head. */
export function jsonLd(data: Record<string, unknown>): MetaDescriptor {
  return { 'script:ld+json': data };
}

/** A product's shown reviews as schema.org's AggregateRating, for its Product JSON-LD. */
export function aggregateRating(summary: RatingSummary): Record<string, unknown> {
  return {
    '@type': 'AggregateRating',
    ratingValue: summary.average,
    reviewCount: summary.count,
    bestRating: 5,
    worstRating: 1,
  };
}

/** An admin page's tags: its title marked as the admin area's, and never indexed. */
export function adminPageMeta(args: MetaArgsLike, title: string, description: string): MetaDescriptor[] {
  return pageMeta(args, { title: `Admin: ${title}`, description, noIndex: true });
}
