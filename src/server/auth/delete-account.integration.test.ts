// A shopper deletes their account (ADR 0029): personal data erased, orders and tax records
// kept, every way in closed, the email free again, another shopper untouched; every refusal
// (admins, a missing or wrong confirmation, a wrong code, an order on its way, an unfinished
// return) changes nothing; a payment still in flight is released, and refunded if it arrives.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { accountServices, fillAccount, sessionCookie, sessionCookieFor } from '../../../tests/support/accounts.ts';
import { TEST_ADDRESS } from '../../../tests/support/addresses.ts';
import { useTestDatabase } from '../../../tests/support/database.ts';
import {
  createExchangeRequest,
  createReturnRequest,
  recordDeliveredParcel,
} from '../../../tests/support/delivered-orders.ts';
import { createOrder, createPasswordUser, createProduct, createUser } from '../../../tests/support/factories.ts';
import {
  checkoutOf,
  paymentDeps,
  refundOf,
  shopperWithCart,
  signedWebhook,
  started,
  useSandbox,
} from '../../../tests/support/payments.ts';
import { waitingRequest } from '../../../tests/support/notify.ts';
import { authenticatorCode, enrolTwoFactor } from '../../../tests/support/two-factor.ts';
import { ACCOUNT_DELETION_MESSAGES } from '../../common/account-deletion.ts';
import { LOGIN_MESSAGES } from '../../common/auth-messages.ts';
import { addCustomerNote } from '../admin/customer-notes.ts';
import { recordAudit } from '../shared/audit.ts';
import { startPayment } from '../checkout/workflow.ts';
import {
  accounts,
  addresses,
  auditLog,
  customerNotes,
  cartItems,
  enquiries,
  notifyRequests,
  orders,
  productLikes,
  profiles,
  rateLimits,
  returnRequests,
  reviews,
  sessions,
  shipments,
  taxDocuments,
  twoFactors,
  users,
  verifications,
  type Product,
} from '../db/schema.ts';
import { newReference } from '../enquiries/reference.ts';
import { unitsLeft } from '../inventory/stock.ts';
import { shopperPhotosDir } from '../storage/folder.ts';
import { deleteAccount, DELETED_ACCOUNT_NAME, erasedEmail } from './delete-account.ts';
import { signInWithPassword } from './login.ts';
import { startSignup } from './signup.ts';

const database = useTestDatabase();
const sandbox = useSandbox();
let deps: ReturnType<typeof accountServices>;
let tee: Product;
beforeAll(async () => {
  deps = accountServices(database.db);
  tee = await createProduct(database.db, { name: 'Kolam Print Tee', sizes: ['M', 'L'] }, 20);
});
beforeEach(async () => {
  await database.db.delete(rateLimits);
});

const PASSWORD = 'Street@2026';

/** The session-backed account a page would pass (deleteAccount reads only its id and role). */
async function accountOf(userId: string, role: 'customer' | 'admin' = 'customer') {
  return { id: userId, role, headers: new Headers({ cookie: await sessionCookieFor(deps.auth, userId) }) };
}

/** A stored photo file, as the return and review forms leave them. */
function storedPhoto(name: string): string {
  const dir = shopperPhotosDir(deps.config);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  writeFileSync(file, 'webp bytes');
  return file;
}

/**
 * A shopper with a password and everything the store keeps: profile, two addresses, a cart line,
 * a like, a completed order with its parcel, invoice, a refunded return with a photo, and a review
 * with a photo; an audit entry of their own cancellation; a reset link still valid.
 */
async function shopperWithEverything() {
  const user = await createPasswordUser(database.db, PASSWORD, {
    name: 'Meera Nair',
    email: `meera-${randomUUID()}@example.test`,
  });
  await database.db.insert(profiles).values({
    id: user.id,
    firstName: 'Meera',
    lastName: 'Nair',
    email: user.email,
    phone: '9123456780',
    gender: 'female',
    addressCity: 'Kochi',
  });
  await fillAccount(database.db, user.id, {
    addresses: [TEST_ADDRESS, { ...TEST_ADDRESS, city: 'Mysuru', pincode: '570001' }],
    cartLine: { productId: tee.id, size: 'L', quantity: 2 },
    likedProductId: tee.id,
  });
  const order = await createOrder(database.db, {
    userId: user.id,
    status: 'completed',
    itemsJson: [{ productId: tee.id, name: 'Kolam Print Tee', size: 'M', quantity: 1, pricePaise: 99_900 }],
  });
  await recordDeliveredParcel(database.db, order.id);
  await database.db.insert(taxDocuments).values({
    kind: 'invoice',
    number: `TTT/2026-27/${randomUUID().slice(0, 6)}`,
    orderId: order.id,
    totalPaise: 99_900,
    body: {} as never,
  });
  const returnPhoto = `return-${randomUUID()}.webp`;
  await createReturnRequest(database.db, {
    orderId: order.id,
    productId: tee.id,
    status: 'refunded',
    reason: 'other',
    photos: [returnPhoto],
    expiresAt: new Date(),
  });
  const [review] = await database.db
    .insert(reviews)
    .values({ productId: tee.id, userId: user.id, orderId: order.id, size: 'M', rating: 4, body: 'Soft and roomy.' })
    .returning();
  const reviewPhoto = `review-${review!.id}-1.webp`;
  await database.db
    .update(reviews)
    .set({ photos: [reviewPhoto] })
    .where(eq(reviews.id, review!.id));
  await recordAudit(
    database.db,
    { id: user.id, email: user.email },
    {
      action: 'order.cancel',
      entityType: 'order',
      entityId: order.id,
      summary: 'Cancelled by the customer',
    },
  );
  // A note staff left about the customer.
  const staff = await createUser(database.db, { role: 'admin' });
  expect(
    await addCustomerNote(database.db, { id: staff.id, email: staff.email }, user.id, 'Prefers calls after 6 pm.'),
  ).toMatchObject({ ok: true });
  await database.db.insert(verifications).values({
    id: randomUUID(),
    identifier: `hashed-reset-${randomUUID()}`,
    value: user.id,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  // A bulk request with its logo and a contact message, sent from the account's address as typed.
  const logo = `bulk-${randomUUID()}.webp`;
  const sender = { name: 'Meera Nair', email: user.email.toUpperCase(), phone: '9123456780' };
  const sent = await database.db
    .insert(enquiries)
    .values([
      { ...sender, kind: 'bulk', reference: newReference('bulk'), details: { organisation: 'Kochi Biennale', logo } },
      { ...sender, kind: 'contact', reference: newReference('contact'), details: { message: 'Is the L long?' } },
    ])
    .returning({ id: enquiries.id });
  const files = [
    storedPhoto(returnPhoto),
    storedPhoto(reviewPhoto),
    storedPhoto(reviewPhoto.replace(/\.webp$/, '-320.webp')),
    storedPhoto(logo),
  ];
  return { user, order, files, enquiryIds: sent.map((row) => row.id) };
}

/** Every row about a user that a deletion touches, to compare before and after. */
async function rowsAbout(userId: string) {
  const orderIds = (await database.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))).map(
    (row) => row.id,
  );
  const ofOrders = <T>(rows: Promise<T[]>) => (orderIds.length === 0 ? Promise.resolve([]) : rows);
  return {
    user: await database.db.select().from(users).where(eq(users.id, userId)),
    profile: await database.db.select().from(profiles).where(eq(profiles.id, userId)),
    addresses: await database.db.select().from(addresses).where(eq(addresses.userId, userId)),
    cart: await database.db.select().from(cartItems).where(eq(cartItems.userId, userId)),
    likes: await database.db.select().from(productLikes).where(eq(productLikes.userId, userId)),
    reviews: await database.db.select().from(reviews).where(eq(reviews.userId, userId)),
    sessions: await database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId)),
    accounts: await database.db.select().from(accounts).where(eq(accounts.userId, userId)),
    twoFactors: await database.db.select().from(twoFactors).where(eq(twoFactors.userId, userId)),
    verifications: await database.db.select().from(verifications).where(eq(verifications.value, userId)),
    audit: await database.db.select().from(auditLog).where(eq(auditLog.actorId, userId)),
    notes: await database.db.select().from(customerNotes).where(eq(customerNotes.userId, userId)),
    notesAudit: await database.db
      .select({ summary: auditLog.summary, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, userId), eq(auditLog.action, 'customer.note'))),
    orders: await database.db.select().from(orders).where(eq(orders.userId, userId)),
    returns: await ofOrders(database.db.select().from(returnRequests).where(inArray(returnRequests.orderId, orderIds))),
    documents: await ofOrders(database.db.select().from(taxDocuments).where(inArray(taxDocuments.orderId, orderIds))),
  };
}

describe('deleting an account', () => {
  it('erases the personal data, keeps the orders and tax records, and closes every way in', async () => {
    const { user, order, files, enquiryIds } = await shopperWithEverything();
    const other = await shopperWithEverything();
    const otherBefore = await rowsAbout(other.user.id);
    const before = await rowsAbout(user.id);
    expect(before.sessions).toHaveLength(0);
    const account = await accountOf(user.id);

    expect(await deleteAccount(deps, account, { confirm: 'yes', password: PASSWORD })).toEqual({
      ok: true,
      message: 'Your account has been deleted and you have been signed out.',
    });

    const after = await rowsAbout(user.id);
    expect(after.user[0]).toMatchObject({
      name: 'Deleted account',
      email: `deleted-${user.id}@deleted.invalid`,
      emailVerified: false,
      image: null,
      twoFactorEnabled: false,
      role: 'customer',
    });
    expect(DELETED_ACCOUNT_NAME).toBe('Deleted account');
    expect(after.user[0]!.deletedAt).toBeInstanceOf(Date);
    expect(after).toMatchObject({
      profile: [],
      addresses: [],
      cart: [],
      likes: [],
      reviews: [],
      sessions: [],
      accounts: [],
      twoFactors: [],
      verifications: [],
    });
    // Staff's notes go; the log keeps that one was added, not what it said.
    expect(before.notes.map((note) => note.body)).toEqual(['Prefers calls after 6 pm.']);
    expect(after.notes).toEqual([]);
    expect(after.notesAudit).toEqual([{ summary: 'Note added (erased with the account)', after: null }]);
    expect(after.audit.map((entry) => [entry.summary, entry.actorEmail])).toEqual([
      ['Cancelled by the customer', erasedEmail(user.id)],
    ]);
    // The tax law's records stay as they were, delivery address included; the return loses its
    // photos only, and the orders the email they were placed with (Track Order no longer finds them).
    expect(before.orders.map((row) => row.email)).toEqual([user.email]);
    expect(after.orders).toEqual(before.orders.map((row) => ({ ...row, email: erasedEmail(user.id) })));
    expect(after.orders[0]!.addressJson).toEqual(TEST_ADDRESS);
    expect(after.documents).toEqual(before.documents);
    expect(after.returns).toEqual(before.returns.map((request) => ({ ...request, photos: [] })));
    expect((await database.db.select().from(shipments).where(eq(shipments.orderId, order.id))).length).toBe(1);
    for (const file of files) expect(existsSync(file), file).toBe(false);

    // The messages sent from the account's address go, their logo with them (among the files above).
    expect(await database.db.select().from(enquiries).where(inArray(enquiries.id, enquiryIds))).toEqual([]);

    // Another shopper's rows, messages and photos are untouched.
    expect(await rowsAbout(other.user.id)).toEqual(otherBefore);
    expect(await database.db.select().from(enquiries).where(inArray(enquiries.id, other.enquiryIds))).toHaveLength(2);
    for (const file of other.files) expect(existsSync(file), file).toBe(true);
  });

  it("erases the account's 'Notify me' requests, and those its address made signed out", async () => {
    const user = await createPasswordUser(database.db, PASSWORD, { email: `Leaving-${randomUUID()}@example.test` });
    const email = user.email.toLowerCase();
    const other = await createUser(database.db);
    await waitingRequest(database.db, { email, productId: tee.id, size: 'M', userId: user.id });
    await waitingRequest(database.db, { email, productId: tee.id, size: 'L', confirmedAt: null });
    await waitingRequest(database.db, { email: other.email, productId: tee.id, size: 'M', userId: other.id });

    expect(await deleteAccount(deps, await accountOf(user.id), { confirm: 'yes', password: PASSWORD })).toMatchObject({
      ok: true,
    });
    const left = await database.db
      .select({ email: notifyRequests.email, userId: notifyRequests.userId })
      .from(notifyRequests)
      .where(inArray(notifyRequests.productId, [tee.id]));
    expect(left).toEqual([{ email: other.email, userId: other.id }]);
  });

  it('ends every session, refuses sign-in with the old email, and lets the email sign up afresh', async () => {
    const { user } = await shopperWithEverything();
    const account = await accountOf(user.id);
    await sessionCookieFor(deps.auth, user.id);
    expect(await deps.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(2);

    expect((await deleteAccount(deps, account, { confirm: 'yes', password: PASSWORD })).ok).toBe(true);

    expect(await deps.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await deps.auth.api.getSession({ headers: account.headers })).toBeNull();
    const client = { ip: '198.51.100.30', headers: new Headers() };
    expect(await signInWithPassword(deps, { email: user.email, password: PASSWORD }, client)).toMatchObject({
      ok: false,
      message: LOGIN_MESSAGES.noAccount,
    });
    const again = await startSignup(
      deps,
      {
        firstName: 'Meera',
        lastName: 'Nair',
        email: user.email,
        phone: '9123456780',
        gender: 'female',
        password: 'Fresh@Start26',
      },
      { ip: '198.51.100.31' },
    );
    expect(again).toMatchObject({ ok: true, email: user.email });
  });

  it('confirms an account made through Google with its email typed out, in any case', async () => {
    const user = await createUser(database.db, { email: `google-${randomUUID()}@example.test` });
    await database.db
      .insert(accounts)
      .values({ id: randomUUID(), userId: user.id, providerId: 'google', accountId: `sub-${user.id}` });
    const account = await accountOf(user.id);

    expect(await deleteAccount(deps, account, { confirm: 'yes', email: 'someone@example.test' })).toEqual({
      ok: false,
      kind: 'invalid',
      message: 'That is not the email address of this account.',
      fieldErrors: { email: 'That is not the email address of this account.' },
    });
    expect(await deleteAccount(deps, account, { confirm: 'yes' })).toMatchObject({
      ok: false,
      message: 'Type the email address of your account to confirm.',
    });
    expect((await deleteAccount(deps, account, { confirm: 'yes', email: ` ${user.email.toUpperCase()} ` })).ok).toBe(
      true,
    );
    expect((await rowsAbout(user.id)).accounts).toEqual([]);
  });

  it('asks for a current authenticator code when two-factor sign-in is on', async () => {
    const user = await createPasswordUser(database.db, PASSWORD);
    const cookie = await sessionCookieFor(deps.auth, user.id);
    const { secret, headers } = await enrolTwoFactor(deps, {
      id: user.id,
      role: 'customer',
      cookie,
      password: PASSWORD,
    });
    const account = {
      id: user.id,
      role: 'customer' as const,
      headers: new Headers({ cookie: sessionCookie(headers) }),
    };

    expect(await deleteAccount(deps, account, { confirm: 'yes', password: PASSWORD })).toMatchObject({
      ok: false,
      kind: 'invalid',
      message: 'Enter the 6-digit code from your authenticator app.',
    });
    expect(await deleteAccount(deps, account, { confirm: 'yes', password: PASSWORD, code: '000000' })).toMatchObject({
      ok: false,
      kind: 'unauthenticated',
    });
    expect((await rowsAbout(user.id)).user[0]!.deletedAt).toBeNull();
    const code = await authenticatorCode(secret);
    expect((await deleteAccount(deps, account, { confirm: 'yes', password: PASSWORD, code })).ok).toBe(true);
    expect((await rowsAbout(user.id)).twoFactors).toEqual([]);
  });

  it('refuses, changing nothing, without the tick or the right password, and for admins', async () => {
    const { user } = await shopperWithEverything();
    const account = await accountOf(user.id);
    const before = await rowsAbout(user.id);
    const refusals: Array<[unknown, object]> = [
      [{ password: PASSWORD }, { kind: 'invalid', fieldErrors: { confirm: ACCOUNT_DELETION_MESSAGES.confirmNeeded } }],
      [
        { confirm: 'no', password: PASSWORD },
        { kind: 'invalid', message: 'Tick the box to confirm that you want your account deleted.' },
      ],
      [{ confirm: 'yes' }, { kind: 'invalid', fieldErrors: { password: 'Enter your password to confirm.' } }],
      [
        { confirm: 'yes', password: 'Wrong@2026' },
        { kind: 'unauthenticated', message: 'Wrong password. Please try again.' },
      ],
      [{ confirm: 'yes', password: 'x'.repeat(129) }, { kind: 'invalid' }],
      ['confirm=yes', { kind: 'invalid' }],
      [null, { kind: 'invalid' }],
    ];
    for (const [input, refusal] of refusals) {
      expect(await deleteAccount(deps, account, input), JSON.stringify(input)).toMatchObject({ ok: false, ...refusal });
    }
    const admin = await createPasswordUser(database.db, PASSWORD, { role: 'admin' });
    expect(
      await deleteAccount(deps, await accountOf(admin.id, 'admin'), { confirm: 'yes', password: PASSWORD }),
    ).toEqual({
      ok: false,
      kind: 'forbidden',
      message: ACCOUNT_DELETION_MESSAGES.admin,
    });
    // The session's role is not trusted alone: the database's decides.
    expect(await deleteAccount(deps, await accountOf(admin.id), { confirm: 'yes', password: PASSWORD })).toMatchObject({
      ok: false,
      kind: 'forbidden',
    });
    expect((await rowsAbout(admin.id)).user[0]!.deletedAt).toBeNull();
    expect(await rowsAbout(user.id)).toEqual(before);
  });

  it('refuses while an order is on its way or a return is unfinished, and once it is done', async () => {
    const cod = { paymentMethod: 'cod', paymentId: null } as const;
    for (const order of [
      { status: 'pending' },
      { status: 'processing' },
      { status: 'shipped' },
      { ...cod, status: 'awaiting_confirmation' },
    ] as const) {
      const user = await createPasswordUser(database.db, PASSWORD);
      await createOrder(database.db, { userId: user.id, ...order });
      const before = await rowsAbout(user.id);
      expect(await deleteAccount(deps, await accountOf(user.id), { confirm: 'yes', password: PASSWORD })).toEqual({
        ok: false,
        kind: 'conflict',
        message:
          'You have orders that are still on their way. You can delete your account once they are delivered, or after you cancel them from Your Orders.',
      });
      const after = await rowsAbout(user.id);
      expect({ ...after, sessions: [] }).toEqual({ ...before, sessions: [] });
    }
    const user = await createPasswordUser(database.db, PASSWORD);
    const order = await createOrder(database.db, { userId: user.id, status: 'delivered' });
    const request = await createExchangeRequest(database.db, {
      orderId: order.id,
      productId: tee.id,
      status: 'picked_up',
      reason: 'other',
      expiresAt: new Date(),
    });
    expect(await deleteAccount(deps, await accountOf(user.id), { confirm: 'yes', password: PASSWORD })).toMatchObject({
      ok: false,
      kind: 'conflict',
      message:
        'You have a return or exchange that is not finished yet. You can delete your account once it is refunded or exchanged.',
    });
    await database.db.update(returnRequests).set({ status: 'exchanged' }).where(eq(returnRequests.id, request.id));
    expect((await deleteAccount(deps, await accountOf(user.id), { confirm: 'yes', password: PASSWORD })).ok).toBe(true);
    expect(await deleteAccount(deps, await accountOf(user.id), { confirm: 'yes', password: PASSWORD })).toMatchObject({
      ok: false,
      kind: 'not_found',
    });
  });

  it('releases a payment in flight, and refunds it if it is paid after all', async () => {
    const checkout = paymentDeps(database.db, sandbox);
    const { userId, addressId } = await shopperWithCart(database.db, [{ productId: tee.id, size: 'M', quantity: 2 }]);
    await database.db
      .insert(accounts)
      .values({ id: randomUUID(), userId, providerId: 'google', accountId: `sub-${userId}` });
    const [{ email }] = (await database.db.select({ email: users.email }).from(users).where(eq(users.id, userId))) as [
      { email: string },
    ];
    const before = await unitsLeft(database.db, tee.id, 'M');
    const start = started(await startPayment(checkout, userId, { addressId }));
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(before - 2);

    expect((await deleteAccount(deps, await accountOf(userId), { confirm: 'yes', email })).ok).toBe(true);
    expect((await checkoutOf(database.db, start.razorpayOrderId))!.status).toBe('released');
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(before);

    const paid = await sandbox.pay(start.razorpayOrderId);
    await signedWebhook(
      checkout,
      'payment.captured',
      { id: paid.razorpay_payment_id, order_id: start.razorpayOrderId },
      `evt_${randomUUID()}`,
    );
    expect(await database.db.select().from(orders).where(eq(orders.userId, userId))).toEqual([]);
    expect(await refundOf(database.db, paid.razorpay_payment_id)).toMatchObject({ amountPaise: start.amount });
    expect(await unitsLeft(database.db, tee.id, 'M')).toBe(before);
  });
});
