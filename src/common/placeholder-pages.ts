// The generic "coming soon" pages (docs/product.md §2): routes.ts registers routes/placeholder.tsx
// once per path, and the page shows the title of its path.

export interface PlaceholderPage {
  /** The URL path, without the leading slash. */
  path: string;
  title: string;
}

export const PLACEHOLDER_PAGES: readonly PlaceholderPage[] = [
  { path: 'best-seller', title: 'Best Seller' },
  { path: 'just-landed', title: 'Just Landed' },
  { path: 'categories', title: 'Categories' },
  { path: 'collections', title: 'Collections' },
  { path: 'career', title: 'Career' },
  { path: 'help', title: 'Help & Support' },
  { path: 'coming-soon', title: 'Coming Soon' },
];

/** The title of the placeholder page at `pathname` (trailing slashes ignored); "Coming Soon" for any other path. */
export function placeholderTitle(pathname: string): string {
  const path = pathname.replace(/\/+$/, '');
  return PLACEHOLDER_PAGES.find((page) => `/${page.path}` === path)?.title ?? 'Coming Soon';
}
