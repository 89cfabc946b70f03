// The product page's Check delivery, as the delivery specs use it.
import type { Page } from '@playwright/test';

import { deliveryDay, formatDay } from '../../src/server/delivery/dates.ts';
import { withDatabase } from './fixtures.ts';

/** The day the store promises for an order placed now (the default 14:00 cut-off, no holidays). */
export const deliveryBy = (businessDays: number) =>
  `Delivery by ${formatDay(deliveryDay(new Date(), businessDays, { cutoffMinutes: 14 * 60, holidays: new Set() }))}`;

/** A seeded tee promising 3-5 business days, or 1-2 by express. */
export async function seededTee(): Promise<{ id: number; name: string }> {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ id: number; name: string }>(
      `select id, name from products where (delivery_info->>'pincodeDelivery')::boolean
       and delivery_info->>'standardDelivery' = '3-5 business days'
       and delivery_info->>'expressDelivery' = '1-2 business days' order by id limit 1`,
    );
    return rows[0]!;
  });
}

/** Types the pincode into Check delivery and presses Check. */
export async function checkDelivery(page: Page, pincode: string) {
  await page.getByLabel('Check delivery').fill(pincode);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
}
