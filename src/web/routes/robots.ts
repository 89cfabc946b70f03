// /robots.txt: crawl the shop, not the shopper's own pages or the API.
import { getApp } from '../app-context.server.ts';
import type { Route } from './+types/robots';

const PRIVATE_PATHS = [
  '/api/',
  '/cart',
  '/checkout',
  '/order-confirmation',
  '/orders',
  '/favorites',
  '/profile',
  '/admin',
];

export function loader({ context }: Route.LoaderArgs) {
  const { config } = getApp(context);
  const body = [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${config.publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  });
}
