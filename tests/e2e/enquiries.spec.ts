// Contact and bulk orders in Chromium (ADR 0028): from the FAQ's links a visitor sends a contact
// message and a bulk order request with a logo, sees their reference numbers, and both they and
// the store get the mails; the menu's Help & Support leads to the contact form; staff find both in
// the inbox, see the logo, and mark one replied with a note. Axe on every new page.
import type { Page } from '@playwright/test';
import sharp from 'sharp';

import { expect, expectNoA11yViolations, expectOnlyFailedRequests, mailsTo, test, uniqueEmail } from './fixtures.ts';
import { ownBrowserAs } from './own-browser.ts';

const STORE_EMAIL = 'hello@trapthetrend.in';

/** The reference number the answer shows. */
async function referenceOn(page: Page): Promise<string> {
  const answer = page.getByRole('region', { name: /Thank you: we received your/ });
  await expect(answer).toBeVisible();
  const reference = (await answer.locator('strong').textContent()) ?? '';
  expect(reference).toMatch(/^[CB]-[2-9A-HJKMNP-TW-Z]{6}$/);
  return reference;
}

/** The FAQ question `question` opened, and the link `name` in its answer followed. */
async function followFaqLink(page: Page, question: string, name: string) {
  await page.goto('/faq');
  await page.getByRole('button', { name: question }).click();
  await page.getByRole('region', { name: question }).getByRole('link', { name }).click();
}

test('a visitor writes from the FAQ, asks for a bulk quote with a logo, and staff mark it replied', async ({
  page,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const visitorEmail = uniqueEmail('contact');

  // Contact Us, from the FAQ's "How can I contact you?".
  await followFaqLink(page, '9. How can I contact you?', 'Contact Us page');
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { name: 'Contact Us', level: 1 })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByLabel('Name').fill('Riya Kapoor');
  await page.getByLabel('Email').fill(visitorEmail);
  await page.getByLabel('Phone (10 digits)').fill('98765');
  await page.getByLabel('Message').fill('Does the Astro Tee shrink after washing?');
  await page.getByRole('button', { name: 'Send message' }).click();
  // The server's refusal, under its field, with what was typed kept.
  await expect(page.getByText('Phone number must be exactly 10 digits')).toBeVisible();
  await expect(page.getByLabel('Phone (10 digits)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Message')).toHaveValue('Does the Astro Tee shrink after washing?');
  // The browser logs the refused request's 400.
  expectOnlyFailedRequests(consoleErrors, [400]);
  await expectNoA11yViolations(page);
  await page.getByLabel('Phone (10 digits)').fill('9876501234');
  await page.getByLabel('Order number (optional)').fill('#3f2a9c1d');
  await page.getByRole('button', { name: 'Send message' }).click();
  const contactReference = await referenceOn(page);
  await expect(page.getByText(`We have emailed a confirmation to ${visitorEmail}.`)).toBeVisible();
  await expectNoA11yViolations(page);

  const [confirmation] = await mailsTo(visitorEmail);
  expect(confirmation!.subject).toBe(`Trap the Trend: your reference ${contactReference}`);
  expect(confirmation!.text).toContain(`Your reference number is ${contactReference}.`);
  await expect
    .poll(async () => (await mailsTo(STORE_EMAIL)).find((mail) => mail.subject.includes(contactReference)))
    .toMatchObject({
      subject: `Trap the Trend: Contact message ${contactReference} from Riya Kapoor`,
      text: expect.stringContaining('Order number: #3F2A9C1D'),
    });

  // Bulk Orders, from the FAQ's bulk question, with a logo.
  const organiserEmail = uniqueEmail('bulk');
  await followFaqLink(page, '2. Do you take bulk orders for colleges, events and companies?', 'Bulk Orders page');
  await expect(page).toHaveURL(/\/bulk-orders$/);
  await expect(page.getByRole('heading', { name: 'Bulk Orders', level: 1 })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByLabel('Organisation').fill('IIT Bombay Techfest');
  await page.getByLabel('Contact person').fill('Arjun Rao');
  await page.getByLabel('Email').fill(organiserEmail);
  await page.getByLabel('Phone (10 digits)').fill('9123456780');
  await page.getByRole('group', { name: 'Products or categories' }).getByLabel('Oversized').check();
  await page.getByLabel('Quantity (at least 20 pieces)').fill('100');
  const sizes = page.getByRole('group', { name: 'Sizes (optional)' });
  await sizes.getByLabel('M', { exact: true }).fill('60');
  await sizes.getByLabel('L', { exact: true }).fill('30');
  await page.getByRole('group', { name: 'Customisation wanted' }).getByLabel('Embroidery').check();
  const logo = await sharp({ create: { width: 200, height: 80, channels: 4, background: '#ff5a1f' } })
    .png()
    .toBuffer();
  await page.getByLabel(/^Logo/).setInputFiles({ name: 'techfest.png', mimeType: 'image/png', buffer: logo });
  await page.getByLabel('Needed by').fill('2099-01-15');
  await page.getByLabel('Budget (optional)').fill('₹450 a piece');
  await page.getByRole('button', { name: 'Send request' }).click();
  // The sizes must add up to the quantity: refused, nothing lost but the file.
  await expect(
    page.getByText('The sizes add up to 90 pieces: make them add up to 100, or leave them all empty.'),
  ).toBeVisible();
  await expect(page.getByRole('group', { name: 'Products or categories' }).getByLabel('Oversized')).toBeChecked();
  expectOnlyFailedRequests(consoleErrors, [400]);
  await expectNoA11yViolations(page);
  await page.getByRole('group', { name: 'Sizes (optional)' }).getByLabel('L', { exact: true }).fill('40');
  await page.getByLabel(/^Logo/).setInputFiles({ name: 'techfest.png', mimeType: 'image/png', buffer: logo });
  await page.getByRole('button', { name: 'Send request' }).click();
  const bulkReference = await referenceOn(page);
  expect(bulkReference.startsWith('B-')).toBe(true);
  await expectNoA11yViolations(page);

  const [organiserMail] = await mailsTo(organiserEmail);
  expect(organiserMail!.text).toContain(`Your reference number is ${bulkReference}.`);
  await expect
    .poll(async () => (await mailsTo(STORE_EMAIL)).find((mail) => mail.subject.includes(bulkReference)))
    .toMatchObject({
      subject: `Trap the Trend: Bulk order request ${bulkReference} from Arjun Rao`,
      text: expect.stringContaining('Sizes: M: 60, L: 40'),
      attachments: [{ filename: `logo-${bulkReference}.webp`, contentType: 'image/webp' }],
    });

  // The menu's Help & Support leads to the contact form.
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Help & Support' }).click();
  await expect(page).toHaveURL(/\/contact$/);

  // Staff: the inbox, the request with its logo, then the message marked replied with a note.
  const { page: staff } = await ownBrowserAs(browser, { role: 'admin' });
  await staff.goto('/admin');
  await staff.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Inbox' }).click();
  await expect(staff.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
  await expectNoA11yViolations(staff);
  await staff.getByLabel('Kind').selectOption('bulk');
  await staff.getByRole('button', { name: 'Filter' }).click();
  await staff.getByRole('link', { name: bulkReference }).click();
  await expect(staff.getByRole('heading', { name: `Bulk order request ${bulkReference}` })).toBeVisible();
  const logoImage = staff.getByRole('img', { name: `The logo sent with ${bulkReference}` });
  await expect(logoImage).toBeVisible();
  await expect.poll(() => logoImage.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(200);
  await expect(staff.getByText('IIT Bombay Techfest')).toBeVisible();
  await expectNoA11yViolations(staff);

  await staff.getByRole('link', { name: '← Inbox' }).click();
  await staff.getByRole('link', { name: contactReference }).click();
  await expect(staff.getByText('Does the Astro Tee shrink after washing?')).toBeVisible();
  await staff.getByLabel('Status', { exact: true }).selectOption('replied');
  await staff.getByLabel('Notes (staff only)').fill('Replied by email: it does not shrink.');
  await staff.getByRole('button', { name: 'Save' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'Saved. The enquiry is replied.' })).toBeVisible();
  await expectNoA11yViolations(staff);
  await staff.goto('/admin/inbox?status=replied');
  await expect(staff.getByRole('link', { name: contactReference })).toBeVisible();
  await expect(staff.getByRole('link', { name: bulkReference })).toHaveCount(0);
  await staff.context().close();
});
