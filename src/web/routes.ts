import { index, route, type RouteConfig } from '@react-router/dev/routes';

// Generic placeholder pages (SPEC §2): one module, one title each (see routes/placeholder.tsx).
const placeholders = ['best-seller', 'just-landed', 'categories', 'collections', 'career', 'help', 'coming-soon'];

export default [
  index('routes/home.tsx'),
  route('products', 'routes/products.tsx'),
  route('product/:id', 'routes/product.tsx'),
  route('about', 'routes/about.tsx'),
  route('shipping', 'routes/shipping.tsx'),
  route('faq', 'routes/faq.tsx'),
  ...placeholders.map((path) => route(path, 'routes/placeholder.tsx', { id: `placeholder-${path}` })),
  route('api/search', 'routes/api.search.ts'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
] satisfies RouteConfig;
