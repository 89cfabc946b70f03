// The demo store's Shiprocket sandbox page (/sandbox/shiprocket): the parcels the store booked,
// and the buttons that move them as a courier would, as plain forms that work without JavaScript.
import { loadConfig } from '../../src/server/config.ts';
import { createLogger } from '../../src/server/logger.ts';
import { shippingSettings } from '../../src/server/shipping/settings.ts';
import { createShiprocketProvider } from '../../src/server/shipping/shiprocket.ts';
import { e2eSettings } from '../support/e2e-settings.ts';
import { expect, expectNoA11yViolations, test } from './fixtures.ts';

const settings = e2eSettings();
// The store's own sandbox account, as the store derives it from its settings.
const shipping = shippingSettings(loadConfig(settings.appEnv));

test('lists the parcels booked and moves one with its buttons', async ({ page }) => {
  const shiprocket = createShiprocketProvider(shipping.shiprocket!, shipping, createLogger('silent'));
  const reference = `E2E-${Date.now()}`;
  const { providerShipmentId } = await shiprocket.createShipment({
    reference,
    orderedAt: new Date(),
    customer: { name: 'Ananya Rao', email: 'ananya@example.in', phone: '9845012345' },
    address: { line1: '21 Church Street', line2: '', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' },
    items: [{ name: 'Astro Tee', sku: 'AT-M', units: 1, unitPricePaise: 79_900, hsn: '6109' }],
    codPaise: 0,
    subtotalPaise: 79_900,
    parcel: { weightKg: 0.4, lengthCm: 30, breadthCm: 25, heightCm: 4 },
  });
  const { awb } = await shiprocket.assignAwb(providerShipmentId);

  // The page has no scripts (its buttons are plain forms) and is no React page: the fixtures'
  // page.goto, which waits for the store's pages to hydrate, does not apply.
  await page.mainFrame().goto(`${settings.baseUrl}/sandbox/shiprocket`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shiprocket sandbox');
  const parcel = page.getByRole('region', { name: `Order ${reference}` });
  await expect(parcel.getByRole('definition')).toHaveText([
    'READY TO SHIP',
    awb,
    'Delhivery Surface',
    /^\d{9}$/,
    providerShipmentId,
    `Trap the Trend Warehouse, New Delhi ${shipping.warehousePincode}`,
    'Ananya Rao, Bengaluru 560001',
    'Prepaid',
    'Not scheduled',
  ]);
  await expectNoA11yViolations(page);

  await parcel.getByRole('button', { name: 'Picked up' }).click();
  await expect(parcel.getByRole('definition').first()).toHaveText('PICKED UP');
  await parcel.getByLabel('Reason').selectOption('Customer refused delivery');
  await parcel.getByRole('button', { name: 'Delivery failed' }).click();
  await expect(parcel.getByRole('definition').first()).toHaveText('UNDELIVERED');
  const scans = parcel.getByRole('table', { name: `Courier scans of ${awb}` });
  await expect(scans.getByRole('row')).toHaveCount(3);
  await expect(scans.getByRole('row').nth(2)).toContainText('Undelivered - Customer refused delivery');
  await expectNoA11yViolations(page);
});
