// A drop's minute in the browser: the countdown turns into the buy buttons in the open page, and a
// shopper buys within the drop's limit, told how many they may take when they reach for more; a
// shopper past those let in at the minute waits their turn in the drop's line, then takes a size.
import { e2eSettings } from '../support/e2e-settings.ts';
import { paymentWindow } from './checkout-shopper.ts';
import { expect, expectNoA11yViolations, expectOnlyFailedRequests, signInAs, test, withDatabase } from './fixtures.ts';

/** A new product in a drop going live `inMs` from now, one item in all per shopper. */
async function productDroppingIn(inMs: number) {
  return withDatabase(async (db) => {
    const name = `Drop Day Jacket ${Date.now()}`;
    const { rows } = await db.query<{ id: number }>(
      `insert into products (name, price_paise, sizes, description, delivery_info)
       values ($1, 249900, '{M,L}', 'A limited jacket.', '{"standardDelivery":"3-5 business days","expressDelivery":"1-2 business days","pincodeDelivery":true}')
       returning id`,
      [name],
    );
    const id = rows[0]!.id;
    await db.query("insert into product_stock (product_id, size, quantity) values ($1, 'M', 5), ($1, 'L', 5)", [id]);
    const drop = await db.query<{ id: number }>(
      `insert into drops (name, goes_live_at, limit_total) values ('Drop day', now() + make_interval(secs => $1), 1) returning id`,
      [inMs / 1000],
    );
    await db.query('update products set drop_id = $1 where id = $2', [drop.rows[0]!.id, id]);
    return { id, name };
  });
}

/** Waits until the product's drop has gone live by the database's clock, the server's. */
async function untilLive(productId: number) {
  const { rows } = await withDatabase((db) =>
    db.query<{ ms: number }>(
      'select greatest(0, extract(epoch from d.goes_live_at - now()) * 1000)::int as ms from drops d join products p on p.drop_id = d.id where p.id = $1',
      [productId],
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, rows[0]!.ms + 200));
}

test('the countdown turns into buy buttons at the minute, and a shopper buys within the limit', async ({
  page,
  consoleErrors,
}) => {
  const product = await productDroppingIn(10_000);
  const user = await signInAs(page);
  await withDatabase((db) =>
    db.query(
      `insert into addresses (user_id, name, phone, house, street, city, pincode, state)
       values ($1, 'Riya Kapoor', '9876543210', 'Flat 4B', 'MG Road', 'Bengaluru', '560001', 'Karnataka')`,
      [user.id],
    ),
  );

  await page.goto(`/product/${product.id}`);
  await expect(page.getByText(/^Drops \d{1,2} \w+ \d{4}, \d{1,2}:\d{2} [ap]m$/)).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^Goes live in 00:00:\d\d$/);
  await expect(page.getByText('Limited: 1 item in all per shopper.')).toBeVisible();
  const addToCart = page.getByRole('button', { name: 'Add to Cart' });
  await expect(addToCart).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
  await expectNoA11yViolations(page);

  // No reload: the open page asks the server at zero and the buttons come.
  await expect(addToCart).toBeEnabled({ timeout: 20_000 });
  await expect(page.getByRole('timer')).toHaveCount(0);
  const sizes = page.getByRole('radiogroup', { name: 'Size' });
  await sizes.getByRole('radio', { name: 'M', exact: true }).click();
  await addToCart.click();
  await expect(page.getByText('Added to cart!').last()).toBeVisible();
  await sizes.getByRole('radio', { name: 'L', exact: true }).click();
  await addToCart.click();
  await expect(
    page.getByText('Error adding to cart: This drop allows 1 item per shopper: you have taken all you may.'),
  ).toBeVisible();

  await page.goto('/checkout');
  await expect(page.getByRole('radio', { name: /Riya Kapoor/ })).toBeChecked();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await paymentWindow(page).getByRole('button', { name: 'Pay by card' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  const bought = await withDatabase((db) =>
    db.query<{ size: string }>(
      `select item ->> 'size' as size from orders, jsonb_array_elements(items_json) as item
       where user_id = $1 and (item ->> 'productId')::int = $2`,
      [user.id, product.id],
    ),
  );
  expect(bought.rows).toEqual([{ size: 'M' }]);
  // The one refused add (409) is the only failed request.
  expectOnlyFailedRequests(consoleErrors, [409]);
});

test("a shopper past the first waits their turn in the drop's line, then takes a size", async ({
  page,
  request,
  consoleErrors,
}) => {
  const product = await productDroppingIn(3000);
  const user = await signInAs(page);
  await untilLive(product.id);
  // Another shopper came first: the one place let in at the minute (the run's settings) is theirs.
  const first = await request.get(`/product/${product.id}`);
  expect(await first.text()).toContain(product.name);

  // The line's page is the server's own, without the store's scripts: nothing to wait for.
  await page.mainFrame().goto(`${e2eSettings().baseUrl}/product/${product.id}`);
  await expect(page.getByRole('heading', { name: 'You are in line for Drop day' })).toBeVisible();
  await expect(page.getByText('You are next.')).toBeVisible();
  await expect(
    page.getByText(/^Your turn comes in about \d seconds?\. This page opens the drop by itself then: keep it open\.$/),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Check my place' })).toHaveAttribute('href', `/product/${product.id}`);
  await expectNoA11yViolations(page);

  // At the turn the page comes back by itself as the product's, and the shopper buys.
  const addToCart = page.getByRole('button', { name: 'Add to Cart' });
  await expect(addToCart).toBeEnabled({ timeout: 15_000 });
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: 'L', exact: true }).click();
  await addToCart.click();
  await expect(page.getByText('Added to cart!').last()).toBeVisible();
  const inCart = await withDatabase((db) =>
    db.query<{ size: string }>('select size from cart_items where user_id = $1 and product_id = $2', [
      user.id,
      product.id,
    ]),
  );
  expect(inCart.rows).toEqual([{ size: 'L' }]);
  expectOnlyFailedRequests(consoleErrors, []);
});
