// /sitemap.xml's server half: every product and static page, for search engines.
import { href } from 'react-router';

import { CATEGORY_SLUGS, COLLECTION_SLUGS } from '../../common/catalog.ts';
import { listProductsForSitemap } from '../../server/catalog/service.ts';
import { getApp } from '../app-context.server.ts';
import { productPath, productsPath } from '../paths.ts';
import type { Route } from './+types/sitemap';

const STATIC_PATHS = [
  href('/'),
  href('/products'),
  href('/about'),
  href('/shipping'),
  href('/faq'),
  href('/terms'),
  href('/privacy'),
];

function escapeXml(text: string) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = getApp(context);
  const origin = config.publicUrl;
  const entries = [
    ...STATIC_PATHS.map((path) => ({ loc: `${origin}${path}` })),
    ...COLLECTION_SLUGS.map((slug) => ({ loc: `${origin}${productsPath({ collection: slug })}` })),
    ...CATEGORY_SLUGS.map((slug) => ({ loc: `${origin}${productsPath({ category: slug })}` })),
    ...(await listProductsForSitemap(db)).map((product) => ({
      loc: `${origin}${productPath(product.id)}`,
      lastmod: product.updatedAt.toISOString().slice(0, 10),
    })),
  ];
  const urls = entries
    .map(
      (entry) =>
        `  <url><loc>${escapeXml(entry.loc)}</loc>${'lastmod' in entry ? `<lastmod>${entry.lastmod}</lastmod>` : ''}</url>`,
    )
    .join('\n');
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
