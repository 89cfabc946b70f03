// /sitemap.xml: every product and static page, for search engines (built in sitemap.server.ts).
export { loader } from './sitemap.server.ts';
