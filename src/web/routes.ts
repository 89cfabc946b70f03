import { index, route, type RouteConfig } from '@react-router/dev/routes';

import { PLACEHOLDER_PAGES } from './placeholder-pages.ts';

export default [
  index('routes/home.tsx'),
  route('products', 'routes/products.tsx'),
  route('product/:id', 'routes/product.tsx'),
  route('about', 'routes/about.tsx'),
  route('shipping', 'routes/shipping.tsx'),
  route('faq', 'routes/faq.tsx'),
  route('login', 'routes/login.tsx'),
  route('login/two-factor', 'routes/login.two-factor.tsx'),
  route('signup', 'routes/signup.tsx'),
  route('reset-password', 'routes/reset-password.tsx'),
  route('profile', 'routes/profile.tsx'),
  route('profile/two-factor', 'routes/profile.two-factor.tsx'),
  route('logout', 'routes/logout.ts'),
  route('auth/google', 'routes/auth.google.ts'),
  // Generic placeholder pages (SPEC §2): one module, registered once per path.
  ...PLACEHOLDER_PAGES.map(({ path }) => route(path, 'routes/placeholder.tsx', { id: `placeholder-${path}` })),
  route('cart', 'routes/cart.tsx'),
  route('favorites', 'routes/favorites.tsx'),
  route('checkout', 'routes/checkout.tsx'),
  route('order-confirmation', 'routes/order-confirmation.tsx'),
  route('orders', 'routes/orders.tsx'),
  // The admin area: every route checks the admin role on the server (admin.server.ts).
  route('admin', 'routes/admin/layout.tsx', [
    route('products', 'routes/admin/products.tsx'),
    route('products/import', 'routes/admin/product-import.tsx'),
    route('products/import/files', 'routes/admin/product-import-files.ts'),
    route('products/:id', 'routes/admin/product-edit.tsx'),
    route('audit', 'routes/admin/audit.tsx'),
    route('orders', 'routes/admin/orders.tsx'),
    route('orders/:id', 'routes/admin/order.tsx'),
    route('coupons', 'routes/admin/coupons.tsx'),
    route('coupons/new', 'routes/admin/coupon-new.tsx'),
    route('coupons/:code', 'routes/admin/coupon-edit.tsx'),
  ]),
  route('api/search', 'routes/api.search.ts'),
  route('api/cart', 'routes/api.cart.ts'),
  route('api/likes', 'routes/api.likes.ts'),
  // The checkout page's requests, one module for each thing they do.
  route('api/checkout/coupon', 'routes/api.checkout.coupon.ts'),
  route('api/addresses', 'routes/api.addresses.ts'),
  route('api/addresses/:id', 'routes/api.addresses.$id.ts'),
  route('api/payments', 'routes/api.payments.ts'),
  route('api/payments/verify', 'routes/api.payments.verify.ts'),
  route('api/payments/cancel', 'routes/api.payments.cancel.ts'),
  route('api/payments/status', 'routes/api.payments.status.ts'),
  route('api/pincode', 'routes/api.pincode.ts'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
] satisfies RouteConfig;
