// Reviews from buyers, in Chromium (ADR 0031): a shopper whose order was delivered writes a
// review with a photo from the product page, sees it with 'Verified buyer' and 'Size bought: M',
// the listing card shows the rating; staff hide it with a reason and it disappears. Axe on every
// page on the way.
import { randomUUID } from 'node:crypto';

import { attachPhoto, expect, expectNoA11yViolations, insertOrder, signInAs, test, withDatabase } from './fixtures.ts';
import { ownBrowserAs } from './own-browser.ts';

test('a buyer reviews a delivered product with a photo; staff hide the review', async ({ page, browser }) => {
  test.setTimeout(60_000);
  // A product of its own (each browser size runs the journey on the same database), bought in M by
  // a shopper, shipped and delivered yesterday.
  const name = `Review Journey Tee ${randomUUID().slice(0, 6)}`;
  const shopperPage = page;
  const customer = await signInAs(shopperPage, { firstName: 'Meera', lastName: 'Iyer' });
  const productId = await withDatabase(async (client) => {
    const { rows } = await client.query<{ id: number; price_paise: number }>(
      `insert into products (name, images, price_paise, sizes, description, delivery_info, collection, category)
       select $1, images, price_paise, array['S', 'M', 'L'], description, delivery_info, collection, category
         from products order by id limit 1
       returning id, price_paise`,
      [name],
    );
    const product = rows[0]!;
    await client.query(
      `insert into product_stock (product_id, size, quantity) select $1, size, 10 from unnest(array['S', 'M', 'L']) as size`,
      [product.id],
    );
    const orderId = await insertOrder(client, {
      userId: customer.id,
      item: { productId: product.id, name, size: 'M', pricePaise: product.price_paise },
      status: 'delivered',
    });
    await client.query(
      `insert into shipments (order_id, courier, awb, tracking_url, shipped_at, delivered_at)
       values ($1, 'Delhivery', 'DL99900011', 'https://www.delhivery.com/track-v2/package/DL99900011',
               now() - interval '3 days', now() - interval '1 day')`,
      [orderId],
    );
    return product.id;
  });

  // The product page offers the buyer the form; a page of its own.
  await shopperPage.goto(`/product/${productId}`);
  const reviews = shopperPage.getByRole('region', { name: 'Ratings & Reviews' });
  await expect(reviews).toContainText('No reviews yet.');
  await reviews.getByRole('link', { name: 'Write a review' }).click();
  await expect(shopperPage.getByRole('heading', { name: `Review ${name}` })).toBeVisible();
  await expect(shopperPage.getByText('Size bought: M.')).toBeVisible();
  await expectNoA11yViolations(shopperPage);

  await shopperPage.getByLabel('4 stars').check();
  await shopperPage.getByLabel('Your review').fill('Heavy cotton and the print survived ten washes.');
  await attachPhoto(shopperPage, 'worn.jpg');
  await shopperPage.getByRole('button', { name: 'Post review' }).click();

  // Back on the product page, the review heads the list.
  await expect(shopperPage).toHaveURL(new RegExp(`/product/${productId}#reviews$`));
  const review = reviews.getByRole('article', { name: 'Review by Meera I.' });
  await expect(review).toContainText('Heavy cotton and the print survived ten washes.');
  await expect(review.getByText('Verified buyer')).toBeVisible();
  await expect(review.getByText('Size bought: M')).toBeVisible();
  await expect(review.getByRole('img', { name: `${name}, as Meera I. received it (1 of 1)` })).toBeVisible();
  await expect(reviews.getByText('4.0 out of 5, 1 review')).toBeVisible();
  await expect(reviews.getByRole('link', { name: 'Write a review' })).toHaveCount(0);
  await expectNoA11yViolations(shopperPage);

  // The listing card carries the rating.
  await shopperPage.goto(`/products?search=${encodeURIComponent(name)}`);
  const card = shopperPage.getByRole('article').filter({ hasText: name });
  await expect(card).toContainText('4.0 out of 5, 1 review');
  await expectNoA11yViolations(shopperPage);

  // Staff, at their desk, hide it with a reason; it leaves the product page.
  const { page: staffPage } = await ownBrowserAs(browser, { role: 'admin' });
  await staffPage.goto('/admin/reviews');
  await expectNoA11yViolations(staffPage);
  const staffView = staffPage.getByRole('article', { name });
  await expect(staffView).toContainText('Heavy cotton and the print survived ten washes.');
  await staffView.getByRole('button', { name: 'Hide review' }).click();
  await expect(staffView.getByLabel('Reason for hiding')).toBeFocused();
  await staffView.getByLabel('Reason for hiding').fill('Test review');
  await staffView.getByRole('button', { name: 'Hide review' }).click();
  await expect(staffView.getByRole('status')).toHaveText('The review is hidden from the store.');
  await expect(staffView).toContainText('Test review');
  await expect(staffView.getByRole('button', { name: 'Show again' })).toBeVisible();
  await expectNoA11yViolations(staffPage);
  await staffPage.context().close();

  await shopperPage.goto(`/product/${productId}`);
  await expect(reviews).toContainText('No reviews yet.');
  await expect(reviews).not.toContainText('Heavy cotton');
});
