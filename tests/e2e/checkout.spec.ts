// /checkout: delivery addresses, the coupon and the order summary, priced by the server.
import { expect, expectNoA11yViolations, expectOnlyFailedRequests, signInAs, test, withDatabase } from './fixtures.ts';

async function pricedProduct(): Promise<{ id: number; name: string; price_paise: number }> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ id: number; name: string; price_paise: number }>(
      `select p.id, p.name, p.price_paise from products p join product_stock s on s.product_id = p.id and s.size = 'M'
       where p.price_paise between 99900 and 149800 and s.quantity >= 5 order by p.id limit 1`,
    );
    return rows[0]!;
  });
}

const rupees = (paise: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(paise / 100);

test('addresses, a coupon and the order summary', async ({ page, consoleErrors }) => {
  const product = await pricedProduct();
  const user = await signInAs(page);
  await withDatabase((db) =>
    db.query("insert into cart_items (user_id, product_id, size, quantity) values ($1, $2, 'M', 1)", [
      user.id,
      product.id,
    ]),
  );

  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL('/checkout');
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(page.getByText('Select your delivery address and complete your order')).toBeVisible();
  await expect(page.getByText("You don't have any saved delivery addresses yet.")).toBeVisible();
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByText(product.name)).toBeVisible();
  await expect(summary.getByText('free delivery')).toBeVisible();
  await expectNoA11yViolations(page);

  // Add an address: errors under each field, then the pincode fills city and state.
  await page.getByRole('button', { name: 'Add New Address' }).click();
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByText('Name must be at least 2 characters.')).toBeVisible();
  await expect(page.getByText('Pincode must be 6 digits.')).toBeVisible();
  await page.getByLabel('Full name').fill('Riya Kapoor');
  await page.getByLabel('Phone').fill('9876543210');
  await page.getByLabel('House/Flat').fill('Flat 4B, Lotus Towers');
  await page.getByLabel('Street/Address').fill('MG Road');
  await page.getByLabel('Pincode').fill('560001');
  await expect(page.getByLabel('City')).toHaveValue('Bengaluru');
  await expect(page.getByLabel('State')).toHaveValue('Karnataka');
  await expect(page.getByLabel('Country')).toHaveValue('India');
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Save Address' }).click();
  const address = page.getByRole('radio', { name: /Riya Kapoor/ });
  await expect(address).toBeChecked();
  await expect(
    page.getByText('Riya Kapoor, Flat 4B, Lotus Towers, MG Road, Bengaluru, Karnataka - 560001, India'),
  ).toBeVisible();

  // The coupon: upper-cased as typed; valid, then expired.
  const coupon = page.getByLabel('Coupon code');
  await coupon.fill('welcome10');
  await expect(coupon).toHaveValue('WELCOME10');
  await page.getByRole('button', { name: 'Apply' }).click();
  const discount = Math.floor(product.price_paise / 10);
  await expect(page.getByText(`Coupon applied! You save ${rupees(discount)}.`)).toBeVisible();
  await expect(summary.getByText('Discount')).toBeVisible();
  await expect(summary.getByRole('definition').last()).toHaveText(rupees(product.price_paise - discount));
  await coupon.fill('EXPIRED50');
  await expect(page.getByText(/Coupon applied/)).toBeHidden();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('This coupon has expired.')).toBeVisible();
  await expect(summary.getByText('Discount')).toBeHidden();
  await expect(summary.getByRole('definition').last()).toHaveText(rupees(product.price_paise));

  // Edit, then delete with confirmation.
  await page.getByRole('button', { name: 'Edit the address of Riya Kapoor' }).click();
  await page.getByLabel('Street/Address').fill('Brigade Road');
  await page.getByRole('button', { name: 'Update Address' }).click();
  await expect(page.getByText(/Flat 4B, Lotus Towers, Brigade Road, Bengaluru/)).toBeVisible();
  await page.getByRole('button', { name: 'Delete the address of Riya Kapoor' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this address?' });
  await expect(confirm).toBeVisible();
  await expectNoA11yViolations(page);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText("You don't have any saved delivery addresses yet.")).toBeVisible();
  expectOnlyFailedRequests(consoleErrors, []);
});
