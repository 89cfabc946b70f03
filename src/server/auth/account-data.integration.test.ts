// A shopper's copy of their data (ADR 0029): every section, with exactly what the store keeps,
// and nothing of another shopper's; no secrets; nothing for a deleted account.
import { randomUUID } from 'node:crypto';

import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { fillAccount } from '../../../tests/support/accounts.ts';
import { TEST_ADDRESS } from '../../../tests/support/addresses.ts';
import { useTestDatabase } from '../../../tests/support/database.ts';
import { createExchangeRequest } from '../../../tests/support/delivered-orders.ts';
import { createOrder, createPasswordUser, createProduct } from '../../../tests/support/factories.ts';
import { accounts, profiles, reviews, shipments, taxDocuments, users, type Product } from '../db/schema.ts';
import { accountDataFileName, exportAccountData } from './account-data.ts';

const database = useTestDatabase();
let tee: Product;
let polo: Product;
beforeAll(async () => {
  tee = await createProduct(database.db, { name: 'Kolam Print Tee', sizes: ['M', 'L'], pricePaise: 99_900 });
  polo = await createProduct(database.db, { name: 'Monsoon Polo', sizes: ['M'], pricePaise: 129_900 });
});

/** A shopper with one of everything, and the order and moments the export should show. */
async function shopper(firstName: string) {
  const user = await createPasswordUser(database.db, 'Street@2026', {
    name: `${firstName} Nair`,
    email: `${firstName.toLowerCase()}-${randomUUID()}@example.test`,
    emailVerified: true,
  });
  await database.db.insert(accounts).values({
    id: randomUUID(),
    userId: user.id,
    providerId: 'google',
    accountId: `sub-${user.id}`,
    accessToken: 'secret-access-token',
  });
  await database.db.insert(profiles).values({
    id: user.id,
    firstName,
    lastName: 'Nair',
    email: user.email,
    phone: '9123456780',
    gender: 'female',
    addressHouse: '12 Marine Drive',
    addressCity: 'Kochi',
    addressState: 'Kerala',
    addressPin: '682031',
  });
  await fillAccount(database.db, user.id, {
    addresses: [TEST_ADDRESS],
    cartLine: { productId: polo.id, size: 'M', quantity: 2 },
    likedProductId: tee.id,
  });
  const order = await createOrder(database.db, {
    userId: user.id,
    status: 'delivered',
    couponCode: null,
    itemsJson: [{ productId: tee.id, name: 'Kolam Print Tee', size: 'M', quantity: 2, pricePaise: 99_900 }],
    paymentId: `pay_${randomUUID().replaceAll('-', '').slice(0, 14)}`,
  });
  const shippedAt = new Date('2026-11-01T05:30:00Z');
  const deliveredAt = new Date('2026-11-04T10:00:00Z');
  await database.db.insert(shipments).values({
    orderId: order.id,
    courier: 'Delhivery',
    awb: 'DL98765432',
    trackingUrl: 'https://www.delhivery.com/track/package/DL98765432',
    shippedAt,
    deliveredAt,
  });
  const invoiceNumber = `TTT/2026-27/${randomUUID().slice(0, 6)}`;
  await database.db
    .insert(taxDocuments)
    .values({ kind: 'invoice', number: invoiceNumber, orderId: order.id, totalPaise: 199_800, body: {} as never });
  const requestedAt = new Date('2026-11-05T08:00:00Z');
  await createExchangeRequest(database.db, {
    orderId: order.id,
    productId: tee.id,
    reason: 'other',
    note: 'A size up, please.',
    photos: [`return-${randomUUID()}.webp`],
    expiresAt: new Date('2026-11-12T08:00:00Z'),
    createdAt: requestedAt,
  });
  const postedAt = new Date('2026-11-06T09:00:00Z');
  await database.db.insert(reviews).values({
    productId: tee.id,
    userId: user.id,
    orderId: order.id,
    size: 'M',
    rating: 5,
    body: `${firstName} loves it.`,
    createdAt: postedAt,
  });
  return { user, order, invoiceNumber, shippedAt, deliveredAt, requestedAt, postedAt };
}

describe('the data download', () => {
  it('holds the account, profile, addresses, orders with parcels, returns and documents, reviews, likes and cart', async () => {
    const meera = await shopper('Meera');
    const other = await shopper('Kavya');
    const now = new Date('2026-11-26T04:00:00Z');

    const data = await exportAccountData(database.db, meera.user.id, now);

    expect(data).toBeDefined();
    const number = meera.order.id.slice(0, 8).toUpperCase();
    expect(data).toMatchObject({
      exportedAt: '2026-11-26T04:00:00.000Z',
      account: {
        id: meera.user.id,
        name: 'Meera Nair',
        email: meera.user.email,
        emailVerified: true,
        twoFactorSignIn: false,
      },
      profile: {
        firstName: 'Meera',
        lastName: 'Nair',
        email: meera.user.email,
        phone: '9123456780',
        gender: 'female',
        address: { house: '12 Marine Drive', line: null, city: 'Kochi', state: 'Kerala', pincode: '682031' },
      },
      addresses: [TEST_ADDRESS],
      orders: [
        {
          number,
          id: meera.order.id,
          status: 'delivered',
          items: [{ productId: tee.id, name: 'Kolam Print Tee', size: 'M', quantity: 2, pricePaise: 99_900 }],
          subtotalPaise: 199_800,
          discountPaise: 0,
          totalPaise: 199_800,
          couponCode: null,
          razorpayPaymentId: meera.order.paymentId,
          deliveryAddress: TEST_ADDRESS,
          shipments: [
            {
              courier: 'Delhivery',
              awb: 'DL98765432',
              trackingUrl: 'https://www.delhivery.com/track/package/DL98765432',
              shippedAt: '2026-11-01T05:30:00.000Z',
              deliveredAt: '2026-11-04T10:00:00.000Z',
              forExchange: false,
            },
          ],
          returnRequests: [
            {
              kind: 'exchange',
              status: 'requested',
              productId: tee.id,
              size: 'M',
              quantity: 1,
              exchangeSize: 'L',
              reason: 'other',
              note: 'A size up, please.',
              photosAttached: 1,
              staffMessage: null,
              refundPaise: null,
              refundTo: null,
              payoutTo: null,
              requestedAt: '2026-11-05T08:00:00.000Z',
              decidedAt: null,
            },
          ],
          taxDocuments: [{ kind: 'tax invoice', number: meera.invoiceNumber }],
        },
      ],
      reviews: [
        {
          productId: tee.id,
          productName: 'Kolam Print Tee',
          orderNumber: number,
          size: 'M',
          rating: 5,
          body: 'Meera loves it.',
          photosAttached: 0,
          hidden: null,
          postedAt: '2026-11-06T09:00:00.000Z',
        },
      ],
      likes: [{ productId: tee.id, productName: 'Kolam Print Tee' }],
      cart: [{ productId: polo.id, productName: 'Monsoon Polo', size: 'M', quantity: 2, selected: true }],
    });
    expect(data!.account.signInMethods.map((signIn) => signIn.method).sort()).toEqual(['google', 'password']);

    // Nothing of the other shopper's, and no secrets of either.
    const text = JSON.stringify(data);
    for (const theirs of [other.user.id, other.user.email, other.order.id, other.invoiceNumber, 'Kavya']) {
      expect(text).not.toContain(theirs);
    }
    for (const secret of ['secret-access-token', '"password":']) expect(text).not.toContain(secret);
  });

  it('names the file by the day in India', () => {
    expect(accountDataFileName(new Date('2026-11-25T20:00:00Z'))).toBe('trapthetrend-my-data-2026-11-26.json');
  });

  it('has nothing for an account that does not exist or was deleted', async () => {
    expect(await exportAccountData(database.db, randomUUID())).toBeUndefined();
    const { user } = await shopper('Asha');
    await database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    expect(await exportAccountData(database.db, user.id)).toBeUndefined();
  });
});
