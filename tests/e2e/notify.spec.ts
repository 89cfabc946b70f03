// 'Notify me' in the browser (docs/drops.md): a visitor asks to hear of a drop, confirms by the
// emailed link, is emailed at the drop's minute and unsubscribes from that email's link; a shopper
// asks for a sold-out size with the button alone; and the form posted before the scripts load is
// answered on its own page. Each page is scanned by axe.
import { expect, expectNoA11yViolations, mailsTo, signInAs, test, uniqueEmail, withDatabase } from './fixtures.ts';

/** A new product, with `stock` units of M and L, in a drop going live `inMs` from now when given. */
async function newProduct(name: string, stock: { M: number; L: number }, dropInMs?: number) {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ id: number }>(
      `insert into products (name, price_paise, sizes, description, delivery_info)
       values ($1, 199900, '{M,L}', 'A tee.', '{"standardDelivery":"3-5 business days","expressDelivery":"1-2 business days","pincodeDelivery":true}')
       returning id`,
      [name],
    );
    const id = rows[0]!.id;
    await db.query("insert into product_stock (product_id, size, quantity) values ($1, 'M', $2), ($1, 'L', $3)", [
      id,
      stock.M,
      stock.L,
    ]);
    let dropId: number | undefined;
    if (dropInMs !== undefined) {
      const drop = await db.query<{ id: number }>(
        `insert into drops (name, goes_live_at) values ($1, now() + make_interval(secs => $2)) returning id`,
        [`${name} Drop`, dropInMs / 1000],
      );
      dropId = drop.rows[0]!.id;
      await db.query('update products set drop_id = $1 where id = $2', [dropId, id]);
    }
    return { id, name, dropId };
  });
}

/** The first address of the store's own in a mail's text that starts with `path`. */
function linkIn(text: string, path: string): string {
  const link = new RegExp(`https?://[^\\s]+${path.replace(/[?/]/g, '\\$&')}[^\\s]*`).exec(text)?.[0];
  expect(link, `a ${path} link`).toBeDefined();
  return new URL(link!).pathname + new URL(link!).search;
}

test('a visitor hears of a drop once confirmed, and unsubscribes from the email', async ({ page }) => {
  test.setTimeout(90_000);
  const product = await newProduct(`Notify Drop Tee ${Date.now()}`, { M: 5, L: 5 }, 60 * 60_000);
  const email = uniqueEmail('notify');

  await page.goto(`/product/${product.id}`);
  const form = page.getByRole('form', { name: 'Notify me when it drops' });
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Notify me' }).click();
  await expect(form.getByRole('status')).toHaveText(
    'Almost done: check your inbox and open the link we sent to confirm your email.',
  );
  await expectNoA11yViolations(page);

  const [confirmation] = await mailsTo(email);
  expect(confirmation!.subject).toBe('Trap the Trend: confirm your email to be notified');
  await page.goto(linkIn(confirmation!.text, '/notify/confirm?token='));
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(page.getByText('Your email is confirmed.')).toBeVisible();
  await expect(
    page.getByText(new RegExp(`^We'll email ${email} when the drop “${product.name} Drop” goes live on`)),
  ).toBeVisible();
  await expectNoA11yViolations(page);

  // The drop goes live in a moment: at its minute the store emails everyone waiting.
  await withDatabase((db) =>
    db.query("update drops set goes_live_at = now() + interval '2 seconds' where id = $1", [product.dropId]),
  );
  let news = confirmation;
  await expect
    .poll(
      async () => {
        news = (await mailsTo(email)).find((mail) => mail.subject.includes('is live'));
        return news?.subject;
      },
      { timeout: 75_000, intervals: [1000] },
    )
    .toBe(`Trap the Trend: “${product.name} Drop” is live`);
  await page.goto(linkIn(news!.text, '/notify/unsubscribe?token='));
  await expect(page.getByText(`Stop emails to ${email} about the drop “${product.name} Drop”?`)).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    `You're unsubscribed: we won't email ${email} about the drop “${product.name} Drop”.`,
  );
  await expectNoA11yViolations(page);
  const left = await withDatabase((db) => db.query('select 1 from notify_requests where email = $1', [email]));
  expect(left.rows).toEqual([]);
});

test("a signed-in shopper asks for a sold-out size with their account's address", async ({ page }) => {
  const product = await newProduct(`Notify Size Tee ${Date.now()}`, { M: 0, L: 3 });
  const user = await signInAs(page);
  await page.goto(`/product/${product.id}`);
  const form = page.getByRole('form', { name: "Notify me when it's back" });
  // The field stays in its place, turned off: their account's address is used.
  await expect(form.getByLabel('Email')).toBeDisabled();
  await expect(form.getByLabel('Email')).toHaveAttribute('placeholder', "Your account's email");
  await expect(form.getByLabel('Size').locator('option')).toHaveText(['M']);
  await form.getByRole('button', { name: 'Notify me' }).click();
  await expect(form.getByRole('status')).toHaveText(`Done: we'll email ${user.email} when size M is back.`);
  await expectNoA11yViolations(page);
  // The page that answers the form posted before the scripts load (axe needs them: scanned here).
  await page.goto(`/notify?back=/product/${product.id}`);
  await expect(page.getByRole('link', { name: 'Back to the product' })).toBeVisible();
  await expectNoA11yViolations(page);
});

test.describe('before the scripts load', () => {
  test.use({ javaScriptEnabled: false });

  test('the form posts as a page, answered on the Notify me page that leads back', async ({ page }) => {
    const product = await newProduct(`Notify Plain Tee ${Date.now()}`, { M: 0, L: 3 });
    await page.goto(`/product/${product.id}`);
    const form = page.getByRole('form', { name: "Notify me when it's back" });
    await form.getByLabel('Email').fill(uniqueEmail('plain'));
    await form.getByRole('button', { name: 'Notify me' }).click();
    await expect(page).toHaveURL(/\/notify\?back=/);
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      'Almost done: check your inbox and open the link we sent to confirm your email.',
    );
    await page.getByRole('link', { name: 'Back to the product' }).click();
    await expect(page).toHaveURL(`/product/${product.id}`);
  });
});
