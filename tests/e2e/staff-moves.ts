// What staff do on an order's or a return request's admin page to move it on.
import type { Page } from '@playwright/test';

import { expect } from './fixtures.ts';

/** Presses the move's button and waits for the page's status line to say `says`. */
export async function pressMove(page: Page, button: string, says: string) {
  await page.getByRole('button', { name: button }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText(says);
}

/** Fills in the courier and AWB number of the parcel a move ships. */
export async function fillParcel(page: Page, courier: string, awb: string) {
  await page.getByLabel('Courier', { exact: true }).selectOption(courier);
  await page.getByLabel('AWB number').fill(awb);
}
