// The zone table through the app (docs/decisions/0053): staff see the built-in zones until they
// first save, save the whole table with an audit entry, get each mistake beside its field with
// nothing changed; nobody else may look or post. The store shipping by hand, the delivery check
// and the checkout follow the saved table at once: a zone nobody delivers to is refused at both.
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { signedInUser } from '../../../../tests/support/accounts.ts';
import { TEST_ADDRESS } from '../../../../tests/support/addresses.ts';
import { ORIGIN, useTestApp } from '../../../../tests/support/app.ts';
import { zoneForm } from '../../../../tests/support/delivery-zones.ts';
import { createProduct } from '../../../../tests/support/factories.ts';
import { addAddress } from '../../../server/addresses/service.ts';
import { addToCart } from '../../../server/cart/service.ts';
import { auditLog, deliveryZones, type Product } from '../../../server/db/schema.ts';
import { deliveryDay, formatDay } from '../../../server/delivery/dates.ts';
import { zoneFormRow } from '../../../server/shipping/zone-table.ts';
import { DEFAULT_ZONES } from '../../../server/shipping/zones.ts';

const { database, app, auth, get, postForm } = useTestApp();
const ADMIN_EMAIL = 'zones-admin@example.test';
let admin: string;
let customer: string;
let tee: Product;

beforeAll(async () => {
  admin = (await signedInUser(auth, database.db, { role: 'admin', email: ADMIN_EMAIL })).cookie;
  customer = (await signedInUser(auth, database.db)).cookie;
  tee = await createProduct(database.db, { name: 'Zone Tee', sizes: ['M'] });
});

beforeEach(async () => {
  // Each test starts from the built-in zones, and no entry of a save.
  await database.db.delete(deliveryZones);
  await database.db.delete(auditLog).where(eq(auditLog.entityType, 'delivery_zones'));
});

/** A page's HTML without React's markers between neighbouring texts. */
const text = async (res: Response) => (await res.text()).replaceAll('<!-- -->', '');

/** A signed-in shopper with a tee in their cart and a saved address in Port Blair (744101), and their checkout page. */
async function shopperAtPortBlair() {
  const shopper = await signedInUser(auth, database.db);
  await addToCart(database.db, shopper.id, { productId: tee.id, size: 'M', quantity: 1 });
  const added = await addAddress(database.db, shopper.id, {
    ...TEST_ADDRESS,
    street: 'Aberdeen Bazaar',
    city: 'Port Blair',
    state: 'Andaman and Nicobar Islands',
    pincode: '744101',
  });
  if (!added.ok) throw new Error(added.message);
  return { shopper, addressId: added.address.id, page: await text(await get('/checkout', shopper.cookie)) };
}

/** The checkout's pay button for the shopper's cart, delivered to `addressId`. */
const payForCart = (method: string, addressId: string, cookie: string) =>
  app.request(`${ORIGIN}/api/payments`, {
    method: 'POST',
    body: JSON.stringify({ method, addressId, couponCode: null, buyNow: null }),
    headers: { Origin: ORIGIN, 'Content-Type': 'application/json', cookie },
  });

/** The date the server will promise today, by the same rules (the default 14:00 cut-off, no holidays). */
const deliveryBy = (days: number) =>
  `Delivery by ${formatDay(deliveryDay(new Date(), days, { cutoffMinutes: 14 * 60, holidays: new Set() }))}`;

/** The value of the field labelled `label`, as the page gives it. */
function valueOf(html: string, label: string): string | undefined {
  const input = new RegExp(`<input aria-label="${label}"[^>]*>`).exec(html)?.[0];
  return input && /value="([^"]*)"/.exec(input)?.[1];
}

const savedZones = () => database.db.select().from(deliveryZones).orderBy(deliveryZones.id);
const zoneAudits = () =>
  database.db.select().from(auditLog).where(eq(auditLog.entityType, 'delivery_zones')).orderBy(auditLog.createdAt);

const ROWS = DEFAULT_ZONES.map(zoneFormRow);

describe('/admin/delivery-zones', () => {
  it('lists the built-in zones until staff first save, and is in the admin menu', async () => {
    const res = await get('/admin/delivery-zones', admin);
    expect(res.status).toBe(200);
    const html = await text(res);
    expect(html).toContain('<h1 id="delivery-zones-title" class="text-2xl font-black uppercase">Delivery zones</h1>');
    expect(html).toContain('These are the built-in zones; they apply until you first save.');
    expect(html).toContain('href="/admin/delivery-zones"');
    expect(valueOf(html, 'Pincode prefixes of Metro cities')).toBe('110, 400, 700, 600, 560, 500, 411, 380');
    expect(valueOf(html, 'Standard days of North-East')).toBe('7');
    expect(valueOf(html, 'Express days of North-East')).toBe('');
    expect(valueOf(html, 'Name of the new zone')).toBe('');
  });

  it('saves the whole table with an audit entry, and the delivery check follows it at once', async () => {
    const rows = ROWS.map((row) =>
      row.name === 'North-East'
        ? { ...row, standardDays: '9', expressDays: '4' }
        : row.name === 'Jammu and Kashmir, Ladakh'
          ? { ...row, remove: true }
          : row,
    );
    const form = zoneForm([
      ...rows,
      { ...rows[0]!, name: 'Lakshadweep', prefixes: '6825', standardDays: '14', expressDays: '', cod: false },
    ]);
    const res = await postForm('/admin/delivery-zones', form, admin);
    expect(res.status).toBe(200);
    const html = await text(res);
    expect(html).toContain('The delivery zones were saved.');
    expect(html).not.toContain('These are the built-in zones');
    expect(valueOf(html, 'Standard days of North-East')).toBe('9');
    expect(html).not.toContain('Jammu and Kashmir');

    expect(
      (await savedZones()).map(({ name, prefixes, standardDays, expressDays, cod, serviceable }) => ({
        name,
        prefixes,
        standardDays,
        expressDays,
        cod,
        serviceable,
      })),
    ).toEqual([
      DEFAULT_ZONES[0],
      DEFAULT_ZONES[1],
      { ...DEFAULT_ZONES[2], standardDays: 9, expressDays: 4 },
      DEFAULT_ZONES[4],
      { name: 'Lakshadweep', prefixes: ['6825'], standardDays: 14, expressDays: null, cod: false, serviceable: true },
    ]);
    const [entry] = await zoneAudits();
    expect(entry).toMatchObject({
      actorEmail: ADMIN_EMAIL,
      action: 'delivery_zones.update',
      entityId: 'table',
      summary:
        'Delivery zones saved (5 zones): added Lakshadweep; removed Jammu and Kashmir, Ladakh; changed North-East',
    });
    expect(entry!.after).toHaveLength(5);

    // The North-East now takes 9 days, with express in 4; Ladakh is the rest of India's (5 and 3).
    const sikkim = await text(await get(`/delivery?pincode=737101&product=${tee.id}`));
    expect(sikkim).toContain(`Standard delivery:</span> ${deliveryBy(9)}`);
    expect(sikkim).toContain(`Express delivery:</span> ${deliveryBy(4)}`);
    const leh = await text(await get(`/delivery?pincode=194101&product=${tee.id}`));
    expect(leh).toContain(`Standard delivery:</span> ${deliveryBy(5)}`);
    expect(leh).toContain(`Express delivery:</span> ${deliveryBy(3)}`);
  });

  it('answers a table with mistakes with each beside its field and what was typed, changing nothing', async () => {
    const rows = ROWS.map((row) => (row.name === 'North-East' ? { ...row, standardDays: '3', expressDays: '5' } : row));
    const form = zoneForm([...rows, { ...rows[0]!, name: '', prefixes: '403, 110', standardDays: '31' }]);
    const res = await postForm('/admin/delivery-zones', form, admin);
    expect(res.status).toBe(400);
    const html = await text(res);
    expect(html).toContain('Please correct the zones marked below.');
    expect(html).toContain(
      '<p id="zone-expressDays-2-error" class="mt-1 text-xs font-semibold text-brand-dark">Express days cannot be more than standard days.</p>',
    );
    expect(html).toContain('Give the zone a name.');
    expect(html).toContain('110 is also a prefix of Metro cities.');
    expect(html).toContain('Standard days must be a whole number from 1 to 30.');
    // What was typed comes back, the new zone's row included.
    expect(valueOf(html, 'Express days of North-East')).toBe('5');
    expect(valueOf(html, 'Pincode prefixes of zone 6')).toBe('403, 110');
    expect(await savedZones()).toEqual([]);
    expect(await zoneAudits()).toEqual([]);

    const noRest = zoneForm(ROWS.map((row) => (row.prefixes ? row : { ...row, prefixes: '1' })));
    const refused = await postForm('/admin/delivery-zones', noRest, admin);
    expect(refused.status).toBe(400);
    expect(await text(refused)).toContain('One zone must have no prefixes: it is the rest of India.');
    expect(await savedZones()).toEqual([]);
  });

  it('is the ordinary 404 to a visitor and a customer, who change nothing', async () => {
    for (const cookie of ['', customer]) {
      expect((await get('/admin/delivery-zones', cookie)).status).toBe(404);
      const res = await postForm('/admin/delivery-zones', zoneForm(DEFAULT_ZONES), cookie);
      expect(res.status).toBe(404);
    }
    expect(await savedZones()).toEqual([]);
    expect(await zoneAudits()).toEqual([]);
  });
});

describe('a zone nobody delivers to', () => {
  it('is refused at the delivery check, at the checkout’s address step, and when paying either way', async () => {
    const closed = zoneForm(ROWS.map((row) => (row.prefixes.startsWith('744') ? { ...row, serviceable: false } : row)));
    expect((await postForm('/admin/delivery-zones', closed, admin)).status).toBe(200);

    expect(await text(await get(`/delivery?pincode=744101&product=${tee.id}`))).toContain(
      'We do not deliver to this pincode yet',
    );

    const { shopper, addressId, page } = await shopperAtPortBlair();
    expect(page).toContain(
      `<p id="address-${addressId}-refusal" class="mt-1 text-sm font-semibold text-brand-dark">We do not deliver to this pincode yet</p>`,
    );

    for (const method of ['online', 'cod']) {
      const res = await payForCart(method, addressId, shopper.cookie);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        ok: false,
        kind: 'invalid',
        message: 'We do not deliver to this pincode yet',
      });
    }
  });

  it('refuses cash on delivery at an address no courier collects cash at, on the page and on the server', async () => {
    const { shopper, addressId, page } = await shopperAtPortBlair();
    expect(page).not.toContain('We do not deliver to this pincode yet');
    // The Andamans' built-in zone collects no cash: the page says so beside the option.
    expect(page).toContain(
      '<p id="payment-cod-note" class="text-sm font-semibold text-brand-dark">Cash on delivery is not available for this pincode.</p>',
    );
    const res = await payForCart('cod', addressId, shopper.cookie);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      ok: false,
      kind: 'invalid',
      message: 'Cash on delivery is not available for this pincode.',
    });
  });
});
