// Add to cart and like before the page's scripts have loaded: the same forms, posted by the
// browser itself, are answered by going back to the page (or to log in), and the database holds
// the change.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { ORIGIN, useTestApp } from '../../../tests/support/app.ts';
import { createProduct } from '../../../tests/support/factories.ts';
import { cartItems, productLikes, type Product } from '../../server/db/schema.ts';

const { database, app, signIn } = useTestApp();
let cookie: string;
let userId: string;
let tee: Product;

beforeAll(async () => {
  ({ id: userId, cookie } = await signIn());
  tee = await createProduct(database.db, { name: 'Graffiti Tee', sizes: ['M', 'L'], pricePaise: 99_900 });
});

/** What a browser sends for a <form method="post">: form fields, the page's Origin, no JSON. */
function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = { cookie }) {
  return app.request(`${ORIGIN}${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { Origin: ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    redirect: 'manual',
  });
}

/** The browser is sent to `location` (303 See Other), as after a form post. */
function expectSentBack(res: Response, location: string) {
  expect(res.status).toBe(303);
  expect(res.headers.get('Location')).toBe(location);
}

const cartLines = () => database.db.select().from(cartItems).where(eq(cartItems.userId, userId));
const likeRows = () =>
  database.db
    .select()
    .from(productLikes)
    .where(and(eq(productLikes.userId, userId), eq(productLikes.productId, tee.id)));

describe('the product page form, posted without scripts', () => {
  it('adds the line and goes back to the product', async () => {
    const page = `/product/${tee.id}`;
    const res = await postForm('/api/cart', {
      intent: 'add',
      productId: String(tee.id),
      quantity: '1',
      size: 'L',
      returnTo: page,
    });
    expectSentBack(res, page);
    expect(await cartLines()).toMatchObject([{ productId: tee.id, size: 'L', quantity: 1, selected: true }]);
  });

  it('goes back without a change when the server refuses, and never off the site', async () => {
    const res = await postForm('/api/cart', {
      intent: 'add',
      productId: String(tee.id),
      quantity: '1',
      size: 'XXL',
      returnTo: '//evil.example/',
    });
    expectSentBack(res, '/');
    expect(await cartLines()).toHaveLength(1);
  });

  it('sends a visitor to log in, adding nothing', async () => {
    const res = await postForm(
      '/api/cart',
      { intent: 'add', productId: String(tee.id), quantity: '1', size: 'M', returnTo: `/product/${tee.id}` },
      { cookie: '' },
    );
    expectSentBack(res, '/login');
    expect(await cartLines()).toHaveLength(1);
  });
});

describe('the like button form, posted without scripts', () => {
  it('likes and unlikes, going back to the listing it came from', async () => {
    const liked = await postForm('/api/likes', {
      productId: String(tee.id),
      liked: 'true',
      returnTo: '/products?category=t-shirts',
    });
    expectSentBack(liked, '/products?category=t-shirts');
    expect(await likeRows()).toHaveLength(1);

    const unliked = await postForm('/api/likes', { productId: String(tee.id), liked: 'false', returnTo: '/favorites' });
    expect(unliked.headers.get('Location')).toBe('/favorites');
    expect(await likeRows()).toHaveLength(0);
  });

  it('sends a visitor to log in', async () => {
    const res = await postForm(
      '/api/likes',
      { productId: String(tee.id), liked: 'true', returnTo: '/' },
      { cookie: '' },
    );
    expectSentBack(res, '/login');
    expect(await likeRows()).toHaveLength(0);
  });

  it('refuses another site’s form', async () => {
    const res = await postForm(
      '/api/likes',
      { productId: String(tee.id), liked: 'true', returnTo: '/' },
      { cookie, Origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    expect(await likeRows()).toHaveLength(0);
  });
});
