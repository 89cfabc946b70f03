// Failed deliveries (NDR) through the real app (docs/decisions/0053): the courier's failed attempt
// recorded with its reason and the shopper emailed; the shopper's answer on their order's page,
// refused in words when wrong, taken once, and only from the order's owner; staff's queue at
// /admin/deliveries and 'Send to courier', through a provider that records what it is sent.
import { readFileSync } from 'node:fs';

import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { recordingMailer, signedInUser, type SignedInUser } from '../../../tests/support/accounts.ts';
import { createTestApp, ORIGIN } from '../../../tests/support/app.ts';
import { createCourierParcel, hoursAgo, recordingCourier, scan, webhookBody } from '../../../tests/support/courier.ts';
import { useTestDatabase } from '../../../tests/support/database.ts';
import { createOrder } from '../../../tests/support/factories.ts';
import { deliverQueuedOrderEmails, jobRows } from '../../../tests/support/jobs.ts';
import { orderNumber } from '../../common/orders.ts';
import { auditLog, courierShipments, deliveryFailures, users } from '../db/schema.ts';
import { indiaDate } from '../orders/shipping.ts';
import { SHIPROCKET_WEBHOOK_PATH } from '../shipping/settings.ts';
import { formatDay, listOpenDeliveryFailures, NDR_MESSAGES, reattemptDays } from './ndr.ts';
import { indiaDateTime } from '../shipping/shiprocket-sandbox-model.ts';

const database = useTestDatabase();
let store: Awaited<ReturnType<typeof createTestApp>>;
let admin: SignedInUser;
const courier = recordingCourier();

beforeAll(async () => {
  store = await createTestApp(database, { PUBLIC_URL: ORIGIN, SHIPPING_PROVIDER: 'shiprocket' });
  // The store's courier provider, as the app reaches it: this one records what it is sent.
  store.shipping.provider = courier;
  admin = await signedInUser(store.auth, database.db, { role: 'admin' });
});

const undelivered = JSON.parse(
  readFileSync(new URL('../shipping/fixtures/webhook-undelivered.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

const postWebhook = (body: unknown) =>
  store.app.request(`${ORIGIN}${SHIPROCKET_WEBHOOK_PATH}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', 'x-api-key': store.shipping.settings.shiprocket!.webhookToken },
  });
const get = (path: string, cookie: string) => store.app.request(`${ORIGIN}${path}`, { headers: { cookie } });
const postForm = (path: string, fields: Record<string, string>, cookie: string) =>
  store.app.request(`${ORIGIN}${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { Origin: ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded', cookie },
  });

/** A shopper's order whose parcel the courier failed to deliver (Shiprocket's documented shape). */
async function failedDelivery() {
  const shopper = await signedInUser(store.auth, database.db);
  const order = await createOrder(database.db, { userId: shopper.id, status: 'processing', packedAt: hoursAgo(30) });
  const parcel = await createCourierParcel(database.db, order.id);
  expect((await postWebhook({ ...undelivered, awb: parcel.awb })).status).toBe(200);
  return { shopper, order, parcel };
}

const failuresOf = (parcelId: string) =>
  database.db.select().from(deliveryFailures).where(eq(deliveryFailures.courierShipmentId, parcelId));
const answerPath = (orderId: string) => `/orders/${orderId}/delivery`;

const isSunday = (day: string) => new Date(`${day}T12:00:00+05:30`).getUTCDay() === 0;
const dayAhead = (days: number) => indiaDate(new Date(Date.now() + days * 24 * 3_600_000));

describe('a failed delivery attempt', () => {
  it("is recorded with the courier's reason, and the shopper is emailed a link to answer", async () => {
    const { shopper, order, parcel } = await failedDelivery();
    // Told twice, kept once.
    await postWebhook({ ...undelivered, awb: parcel.awb });
    const [failure, ...more] = await failuresOf(parcel.id);
    expect(more).toEqual([]);
    expect(failure).toMatchObject({
      reason: 'Consignee unavailable - Door locked',
      reportedAt: new Date('2023-05-24T12:35:04.000Z'),
      action: null,
      answeredAt: null,
      sentAt: null,
    });
    const [parcelNow] = await database.db.select().from(courierShipments).where(eq(courierShipments.id, parcel.id));
    expect(parcelNow!.state).toBe('delivery_failed');

    const jobs = (await jobRows(database, 'send-mail')).filter(
      (job) => (job.data as { kind: string }).kind === 'delivery-failed',
    );
    expect(jobs.map((job) => job.data)).toContainEqual({
      kind: 'delivery-failed',
      orderId: order.id,
      deliveryFailureId: failure!.id,
    });
    const mailer = recordingMailer();
    await deliverQueuedOrderEmails(database, mailer);
    const [to] = await database.db.select({ email: users.email }).from(users).where(eq(users.id, shopper.id));
    const mail = mailer.sent.find((sent) => sent.to === to!.email && sent.subject.includes('could not deliver'))!;
    expect(mail.subject).toBe(`Trap the Trend: we could not deliver your order #${orderNumber(order.id)}`);
    expect(mail.text).toContain(
      `The courier could not deliver your order #${orderNumber(order.id)}. The courier says: Consignee unavailable - Door locked`,
    );
    expect(mail.text).toContain(`Answer here: ${ORIGIN}${answerPath(order.id)}`);

    const orders = await (await get('/orders', shopper.cookie)).text();
    expect(orders).toContain('>Delivery failed</span>');
    expect(orders).toContain('The courier could not deliver this order. ');
    expect(orders).toContain(`href="${answerPath(order.id)}"`);
  });

  it('takes the shopper’s answer once, and refuses a wrong one in words, changing nothing', async () => {
    const { shopper, order, parcel } = await failedDelivery();
    const page = await (await get(answerPath(order.id), shopper.cookie)).text();
    expect(page).toContain(`Delivery of order #${orderNumber(order.id)}`);
    expect(page).toContain('The courier says: Consignee unavailable - Door locked');
    for (const day of reattemptDays()) expect(page).toContain(`<option value="${day}">${formatDay(day)}</option>`);

    const sunday = [1, 2, 3, 4, 5, 6, 7].map(dayAhead).find(isSunday)!;
    const tooLate = [9, 10].map(dayAhead).find((day) => !isSunday(day))!;
    // Today is outside the window too; on a Sunday in India the Sunday refusal comes first, so then
    // yesterday stands in.
    const tooSoon = [0, -1].map(dayAhead).find((day) => !isSunday(day))!;
    const refusals: Array<[Record<string, string>, string]> = [
      [{}, NDR_MESSAGES.action],
      [{ action: 'redirect' }, NDR_MESSAGES.action],
      [{ action: 'reattempt', reattemptOn: 'soon' }, NDR_MESSAGES.reattemptOn],
      [{ action: 'reattempt', reattemptOn: sunday }, NDR_MESSAGES.sunday],
      [{ action: 'reattempt', reattemptOn: tooLate }, NDR_MESSAGES.reattemptWindow],
      [{ action: 'reattempt', reattemptOn: tooSoon }, NDR_MESSAGES.reattemptWindow],
      [{ action: 'change_phone', phone: '98765 4321' }, NDR_MESSAGES.phone],
      [{ action: 'change_phone', phone: '98765abcde' }, NDR_MESSAGES.phone],
      [{ action: 'change_address', addressLine: 'Flat' }, NDR_MESSAGES.addressLine],
      [{ action: 'change_address', addressLine: 'x'.repeat(201) }, NDR_MESSAGES.addressLine],
    ];
    for (const [fields, message] of refusals) {
      const res = await postForm(answerPath(order.id), fields, shopper.cookie);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(await res.text()).toContain(message);
    }
    expect((await failuresOf(parcel.id))[0]).toMatchObject({ action: null, answeredAt: null });

    const day = reattemptDays()[0]!;
    const taken = await postForm(answerPath(order.id), { action: 'reattempt', reattemptOn: day }, shopper.cookie);
    expect(taken.status).toBe(200);
    expect(await taken.text()).toContain(NDR_MESSAGES.answeredNow);
    expect((await failuresOf(parcel.id))[0]).toMatchObject({
      action: 'reattempt',
      reattemptOn: day,
      phone: null,
      addressLine: null,
      answeredAt: expect.any(Date),
    });
    const again = await postForm(answerPath(order.id), { action: 'change_phone', phone: '9123456780' }, shopper.cookie);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(NDR_MESSAGES.answered);
    expect((await failuresOf(parcel.id))[0]).toMatchObject({ action: 'reattempt', phone: null });
    const answeredPage = await (await get(answerPath(order.id), shopper.cookie)).text();
    expect(answeredPage).toContain('You asked:');
    expect(answeredPage).toContain(`Another attempt on ${formatDay(day)}`);
    expect(answeredPage).not.toContain('Send my answer');
  });

  it('cannot be answered by another shopper', async () => {
    const { order, parcel } = await failedDelivery();
    const stranger = await signedInUser(store.auth, database.db);
    expect((await get(answerPath(order.id), stranger.cookie)).status).toBe(404);
    const res = await postForm(answerPath(order.id), { action: 'change_phone', phone: '9123456780' }, stranger.cookie);
    expect(res.status).toBe(404);
    expect((await failuresOf(parcel.id))[0]).toMatchObject({ action: null, answeredAt: null });
  });

  it('asks again after another failed attempt: each attempt is answered on its own', async () => {
    const { shopper, order, parcel } = await failedDelivery();
    await postForm(
      answerPath(order.id),
      { action: 'change_address', addressLine: 'Flat 4B, Near Gate 2' },
      shopper.cookie,
    );
    // The courier tries again, and fails again.
    await postWebhook(
      webhookBody(parcel.awb, [
        scan(indiaDateTime(hoursAgo(5)), 'OUT FOR DELIVERY'),
        scan(indiaDateTime(hoursAgo(2)), 'UNDELIVERED', 'Customer not reachable on phone'),
      ]),
    );
    const failures = await failuresOf(parcel.id);
    expect(failures.map((failure) => failure.reason).sort()).toEqual([
      'Consignee unavailable - Door locked',
      'Customer not reachable on phone',
    ]);
    const res = await postForm(answerPath(order.id), { action: 'change_phone', phone: '91234 56780' }, shopper.cookie);
    expect(res.status).toBe(200);
    const latest = (await failuresOf(parcel.id)).find(
      (failure) => failure.reason === 'Customer not reachable on phone',
    );
    expect(latest).toMatchObject({ action: 'change_phone', phone: '9123456780' });
  });
});

describe('/admin/deliveries', () => {
  it('lists the failures not yet sent on, and sends an answer to the courier once', async () => {
    const answered = await failedDelivery();
    const waiting = await failedDelivery();
    const day = reattemptDays()[1]!;
    await postForm(answerPath(answered.order.id), { action: 'reattempt', reattemptOn: day }, answered.shopper.cookie);

    const html = await (await get('/admin/deliveries', admin.cookie)).text();
    expect(html).toContain('Failed deliveries');
    expect(html).toContain(`#${orderNumber(answered.order.id)}`);
    expect(html).toContain(`Another attempt on ${formatDay(day)}`);
    expect(html).toContain(`#${orderNumber(waiting.order.id)}`);
    expect(html).toContain('Not answered yet');
    expect(html).toContain(`aria-label="Send to courier: order #${orderNumber(answered.order.id)}"`);
    expect(html).not.toContain(`aria-label="Send to courier: order #${orderNumber(waiting.order.id)}"`);
    expect(html).toContain('href="/admin/deliveries"');

    const [failure] = await failuresOf(answered.parcel.id);
    const sent = await postForm('/admin/deliveries', { failureId: failure!.id }, admin.cookie);
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain(
      `The answer for order #${orderNumber(answered.order.id)} was sent to the courier.`,
    );
    expect(courier.answers).toContainEqual({
      awb: answered.parcel.awb,
      answer: { action: 'reattempt', reattemptOn: day },
    });
    expect((await failuresOf(answered.parcel.id))[0]).toMatchObject({ sentAt: expect.any(Date), sentBy: admin.id });
    const entries = await database.db.select().from(auditLog).where(eq(auditLog.entityId, answered.order.id));
    expect(entries.map((entry) => entry.action)).toContain('order.delivery_answer');

    const after = await (await get('/admin/deliveries', admin.cookie)).text();
    expect(after).not.toContain(`#${orderNumber(answered.order.id)}`);
    const twice = await postForm('/admin/deliveries', { failureId: failure!.id }, admin.cookie);
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain(NDR_MESSAGES.alreadySent);

    const [unanswered] = await failuresOf(waiting.parcel.id);
    const nothing = await postForm('/admin/deliveries', { failureId: unanswered!.id }, admin.cookie);
    expect(nothing.status).toBe(409);
    expect(await nothing.text()).toContain(NDR_MESSAGES.notAnswered);
  });

  it("shows the courier's refusal and records nothing", async () => {
    const { shopper, order, parcel } = await failedDelivery();
    await postForm(answerPath(order.id), { action: 'change_phone', phone: '9988776655' }, shopper.cookie);
    const [failure] = await failuresOf(parcel.id);
    courier.refuse = 'Action already taken on this AWB';
    try {
      const res = await postForm('/admin/deliveries', { failureId: failure!.id }, admin.cookie);
      expect(res.status).toBe(502);
      expect(await res.text()).toContain(
        'The courier did not take the answer (Action already taken on this AWB). Nothing was recorded; try again.',
      );
    } finally {
      delete courier.refuse;
    }
    expect((await failuresOf(parcel.id))[0]).toMatchObject({ sentAt: null, sentBy: null });
    expect(await (await get('/admin/deliveries', admin.cookie)).text()).toContain(`#${orderNumber(order.id)}`);
  });

  it('is for staff only', async () => {
    const shopper = await signedInUser(store.auth, database.db);
    expect((await get('/admin/deliveries', shopper.cookie)).status).toBe(404);
  });
});

describe('a failed attempt the parcel has moved past', () => {
  it('is not asked about when the same report already delivered the parcel', async () => {
    const shopper = await signedInUser(store.auth, database.db);
    const order = await createOrder(database.db, { userId: shopper.id, status: 'processing', packedAt: hoursAgo(30) });
    const parcel = await createCourierParcel(database.db, order.id);
    await postWebhook(
      webhookBody(parcel.awb, [
        scan(indiaDateTime(hoursAgo(6)), 'PICKED UP'),
        scan(indiaDateTime(hoursAgo(5)), 'UNDELIVERED', 'Consignee unavailable - Door locked'),
        scan(indiaDateTime(hoursAgo(2)), 'DELIVERED'),
      ]),
    );
    expect(await failuresOf(parcel.id)).toEqual([]);
    const mails = (await jobRows(database, 'send-mail')).filter(
      (job) => (job.data as { orderId: string; kind: string }).orderId === order.id,
    );
    expect(mails.map((job) => (job.data as { kind: string }).kind)).not.toContain('delivery-failed');
  });

  it('leaves the staff queue once the courier is out for delivery again, and is not sent on', async () => {
    const { shopper, order, parcel } = await failedDelivery();
    await postForm(answerPath(order.id), { action: 'change_phone', phone: '9988776655' }, shopper.cookie);
    const other = await failedDelivery();
    await postWebhook(webhookBody(parcel.awb, [scan(indiaDateTime(hoursAgo(1)), 'OUT FOR DELIVERY')]));
    const queue = await get('/admin/deliveries', admin.cookie);
    expect(queue.status).toBe(200);
    const html = await queue.text();
    expect(html).toContain(`#${orderNumber(other.order.id)}`);
    expect(html).not.toContain(`#${orderNumber(order.id)}`);
    const [failure] = await failuresOf(parcel.id);
    const res = await postForm('/admin/deliveries', { failureId: failure!.id }, admin.cookie);
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(NDR_MESSAGES.movedOn);
    expect(courier.answers.filter((sent) => sent.awb === parcel.awb)).toEqual([]);
  });

  it('is replaced by the next failed attempt: only the latest is listed and sent on', async () => {
    const { shopper, order, parcel } = await failedDelivery();
    await postForm(answerPath(order.id), { action: 'change_phone', phone: '9988776655' }, shopper.cookie);
    const [first] = await failuresOf(parcel.id);
    await postWebhook(
      webhookBody(parcel.awb, [
        scan(indiaDateTime(hoursAgo(3)), 'OUT FOR DELIVERY'),
        scan(indiaDateTime(hoursAgo(1)), 'UNDELIVERED', 'Customer not reachable on phone'),
      ]),
    );
    expect(await (await get('/admin/deliveries', admin.cookie)).text()).toContain('Customer not reachable on phone');
    const listed = (await listOpenDeliveryFailures(database.db)).filter((open) => open.orderId === order.id);
    expect(listed.map((open) => open.reason)).toEqual(['Customer not reachable on phone']);
    const res = await postForm('/admin/deliveries', { failureId: first!.id }, admin.cookie);
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(NDR_MESSAGES.movedOn);
  });
});
