// Track Order through the app (ADR 0023): the form for anyone, one order's journey for the right
// number and email, the same answer for any wrong pair, and a pointer to Your Orders when signed in.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { useTestApp } from '../../../tests/support/app.ts';
import { createOrder, createUser } from '../../../tests/support/factories.ts';
import { bodyOf, expectShows } from '../../../tests/support/html.ts';
import { orderNumber } from '../../common/orders.ts';
import { users, type Order } from '../../server/db/schema.ts';

const { database, get, postForm, signIn } = useTestApp({ RATE_LIMIT_ORDER_LOOKUPS_PER_IP_PER_HOUR: '50' });
let order: Order;

beforeAll(async () => {
  const customer = await createUser(database.db, { email: 'track-me@example.test' });
  order = await createOrder(database.db, { userId: customer.id, status: 'processing', packedAt: new Date() });
});

describe('/track-order', () => {
  it('asks a visitor for the order number and email', async () => {
    const html = await bodyOf(await get('/track-order'));
    expectShows(html, ['Track Order', 'Order number', 'Email used for the order'], ['Every order of yours']);
  });

  it('shows the journey of the order with that number and email, and nothing else of it', async () => {
    const res = await postForm('/track-order', { orderNumber: orderNumber(order.id), email: 'track-me@example.test' });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`Order #${orderNumber(order.id)}: Processing`);
    expect(html).toContain(`aria-label="Progress of order #${orderNumber(order.id)}"`);
    expect(html).toContain('Packed');
    expect(html).not.toContain(order.paymentId);
    expect(html).not.toContain('MG Road');
  });

  it('answers a wrong email and an unknown number alike', async () => {
    for (const fields of [
      { orderNumber: orderNumber(order.id), email: 'not-me@example.test' },
      { orderNumber: 'ABCDEF12', email: 'track-me@example.test' },
    ]) {
      const res = await postForm('/track-order', fields);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('We could not find an order with that number and email.');
    }
  });

  it('finds an order by the email it was placed with after the shopper changes theirs, not by the new one', async () => {
    const shopper = await createUser(database.db, { email: 'before-the-move@example.test' });
    const older = await createOrder(database.db, { userId: shopper.id, status: 'processing', packedAt: new Date() });
    await database.db.update(users).set({ email: 'after-the-move@example.test' }).where(eq(users.id, shopper.id));
    const newer = await createOrder(database.db, { userId: shopper.id, status: 'processing', packedAt: new Date() });
    const track = (placed: Order, email: string) =>
      postForm('/track-order', { orderNumber: orderNumber(placed.id), email });

    const byOldEmail = await track(older, 'before-the-move@example.test');
    expect(byOldEmail.status).toBe(200);
    expect(await byOldEmail.text()).toContain(`Order #${orderNumber(older.id)}: Processing`);
    expect((await track(older, 'after-the-move@example.test')).status).toBe(404);
    // The newer order was placed with the new email, and is found by it only.
    expect(await (await track(newer, 'after-the-move@example.test')).text()).toContain(
      `Order #${orderNumber(newer.id)}: Processing`,
    );
    expect((await track(newer, 'before-the-move@example.test')).status).toBe(404);
  });

  it('is kept by no cache: the form, its data request, and every answer to a visitor', async () => {
    const found = { orderNumber: orderNumber(order.id), email: 'track-me@example.test' };
    const answers = {
      form: await get('/track-order'),
      data: await get('/track-order.data'),
      found: await postForm('/track-order', found),
      notFound: await postForm('/track-order', { ...found, email: 'not-me@example.test' }),
      foundData: await postForm('/track-order.data', found),
    };
    expect(answers.foundData.status).toBe(200);
    for (const [answer, res] of Object.entries(answers)) {
      expect(res.headers.get('Cache-Control'), answer).toBe('private, no-store');
    }
  });

  it('points a signed-in shopper at Your Orders', async () => {
    const { cookie } = await signIn();
    expect(await (await get('/track-order', cookie)).text()).toContain(
      'Every order of yours, with its progress, is on',
    );
  });
});
