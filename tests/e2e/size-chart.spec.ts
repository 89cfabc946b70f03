// Size charts and fit advice in Chromium (ADR 0030): the product page's Size Chart dialog with
// the measurements and how to measure, a suggestion from a chest measurement, a shopper's past
// size, and staff editing a category's chart; axe on the dialog and the admin screens.
import { expect, expectNoA11yViolations, insertOrder, signInAs, test, withDatabase } from './fixtures.ts';

/** Two seeded regular-fit tees made in M: one to have bought, one to look at. */
async function regularTees() {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ id: number; name: string; price_paise: number }>(
      `select id, name, price_paise from products where category = 'regular-fit' and 'M' = any(sizes) order by id limit 2`,
    );
    return rows as [(typeof rows)[number], (typeof rows)[number]];
  });
}

test('the size chart opens beside the sizes and suggests a size from a chest measurement', async ({ page }) => {
  const [, tee] = await regularTees();
  await page.goto(`/product/${tee.id}`);
  await page.getByRole('button', { name: 'Size Chart' }).click();
  const dialog = page.getByRole('dialog', { name: 'Size Chart' });
  await expect(dialog).toBeVisible();
  const table = dialog.getByRole('table');
  await expect(table.getByRole('row', { name: /^M / })).toContainText('106 cm (41.7 in)');
  await expect(dialog.getByText('Garment laid flat: across the chest just below the armholes, doubled.')).toBeVisible();
  await expectNoA11yViolations(page);

  await dialog.getByLabel('Your chest').fill('100');
  await dialog.getByRole('button', { name: 'Suggest my size' }).click();
  await expect(dialog.getByText('For a 100 cm chest, we suggest size M.')).toBeVisible();
  await dialog.getByLabel('Unit').selectOption('in');
  await dialog.getByLabel('Your chest').fill('42');
  await dialog.getByRole('button', { name: 'Suggest my size' }).click();
  await expect(dialog.getByText('For a 42 inch chest, we suggest size XL.')).toBeVisible();

  // Escape closes it, focus returns to the button, and no size was chosen for the shopper.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Size Chart' })).toBeFocused();
  await expect(page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { checked: true })).toHaveCount(0);
});

/** A delivered order of one item in `size`, placed `daysAgo` days ago. */
async function delivered(
  userId: string,
  product: { id: number; name: string; price_paise: number },
  size: string,
  daysAgo = 0,
) {
  await withDatabase((client) =>
    insertOrder(client, {
      userId,
      item: { productId: product.id, name: product.name, size, pricePaise: product.price_paise },
      status: 'delivered',
      daysAgo,
    }),
  );
}

test('a shopper sees the size they bought, and the size it suggests here', async ({ page }) => {
  const [bought, tee] = await regularTees();
  const shopper = await signInAs(page);
  await delivered(shopper.id, bought, 'M');
  await page.goto(`/product/${tee.id}`);
  await page.getByRole('button', { name: 'Size Chart' }).click();
  await expect(
    page.getByRole('dialog').getByText(`You bought M in Regular Fit Tees. For ${tee.name}, we suggest size M.`),
  ).toBeVisible();
});

test('a shopper who kept a size of this product is advised that size, and told why', async ({ page }) => {
  const [other, tee] = await regularTees();
  const shopper = await signInAs(page);
  // An XL of another tee since would suggest XL here; the M of this tee they kept says M.
  await delivered(shopper.id, tee, 'M', 30);
  await delivered(shopper.id, other, 'XL');
  await page.goto(`/product/${tee.id}`);
  await page.getByRole('button', { name: 'Size Chart' }).click();
  await expect(
    page.getByRole('dialog').getByText(`You bought M of this product and kept it. For ${tee.name}, we suggest size M.`),
  ).toBeVisible();
});

test('staff edit a category’s size chart, and its products show it', async ({ page }) => {
  await signInAs(page, { role: 'admin' });
  await page.goto('/admin/categories');
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Polos' }).click();
  await expect(page.getByRole('heading', { name: 'Polos: size chart' })).toBeVisible();
  await expectNoA11yViolations(page);
  const chest = page.getByLabel('Chest of size XXL, in centimetres');
  await chest.fill('124.5');
  await page.getByRole('button', { name: 'Save size chart' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('The size chart was saved.');
  await expect(chest).toHaveValue('124.5');

  // The demo catalog has polos made in XXL.
  const polo = await withDatabase(async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `select id from products where category = 'polos' and 'XXL' = any(sizes) order by id limit 1`,
    );
    return rows[0]!;
  });
  await page.goto(`/product/${polo.id}`);
  await page.getByRole('button', { name: 'Size Chart' }).click();
  await expect(page.getByRole('dialog').getByRole('row', { name: /^XXL / })).toContainText('124.5 cm (49.0 in)');
});
