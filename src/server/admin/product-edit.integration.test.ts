import { existsSync } from 'node:fs';
import path from 'node:path';

import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { editForm, useCatalog } from '../../../tests/support/catalog.ts';
import { createAdminActor, createOrder, createProduct, createUser } from '../../../tests/support/factories.ts';
import { imageBytes, receive, uploadForm } from '../../../tests/support/images.ts';
import { auditLog, cartItems, orders, productLikes, productStock, products, type Product } from '../db/schema.ts';
import type { Actor } from '../shared/audit.ts';
import { deleteProduct, getProductForEdit, PRODUCT_MESSAGES, updateProduct } from './product-edit.ts';
import { uploadsDir } from '../storage/folder.ts';
import { importFolders } from './product-import.ts';
import { parseProductEdit, PRICE_MESSAGE } from './product-input.ts';

const { database, dataDir, deps } = useCatalog('edit-');
let actor: Actor;

beforeAll(async () => {
  actor = await createAdminActor(database.db, 'editor@example.test');
});

/** The form as the edit page sends it for this product (its units as they are), with some fields changed. */
async function formFor(product: Product, changes: Record<string, string | string[]> = {}) {
  const { stock } = (await getProductForEdit(database.db, product.id))!;
  return editForm(product, stock, { price: '₹999.00', ...changes });
}

async function edit(product: Product, changes: Record<string, string | string[]> = {}) {
  const parsed = parseProductEdit(await formFor(product, changes));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
  return updateProduct(deps(), actor, product.id, parsed.edit, []);
}

const reload = async (id: number) => (await database.db.select().from(products).where(eq(products.id, id)))[0];

describe('the product edit form', () => {
  it.each([
    ['₹1,299', 129_900],
    ['1,299.00', 129_900],
    ['1299', 129_900],
    ['Rs. 1,299.50', 129_950],
  ])('reads the price %s as %i paise', async (price, paise) => {
    const product = await createProduct(database.db);
    const parsed = parseProductEdit(await formFor(product, { price }));
    expect(parsed.ok && parsed.edit.price).toBe(paise);
  });

  it('refuses a price of 12abc, a negative or fractional stock, an empty name and no sizes, with a message each', async () => {
    const product = await createProduct(database.db, { sizes: ['S', 'M'] });
    const parsed = parseProductEdit(
      await formFor(product, { price: '12abc', 'stock-S': '-3', 'stock-M': '2.5', name: '   ' }),
    );
    expect(parsed).toEqual({
      ok: false,
      kind: 'invalid',
      message: 'Nothing was saved. Please fix the fields marked below.',
      fieldErrors: {
        price: PRICE_MESSAGE,
        'stock-S': 'Stock cannot be negative.',
        'stock-M': 'Enter a whole number of units.',
        name: 'Enter the product name.',
      },
    });
    const noSizes = parseProductEdit(await formFor(product, { sizes: [] }));
    expect(noSizes.ok || noSizes.fieldErrors?.sizes).toBe('Offer at least one size.');
  });
});

describe('saving a product', () => {
  it('saves every field, the stock per size, and records who changed what', async () => {
    const product = await createProduct(database.db, { sizes: ['S', 'M', 'L'] }, 10);
    const shopper = await createUser(database.db);
    await database.db.insert(cartItems).values([
      { userId: shopper.id, productId: product.id, size: 'S', quantity: 1 },
      { userId: shopper.id, productId: product.id, size: 'M', quantity: 1 },
    ]);
    const result = await edit(product, {
      name: 'Renamed Tee',
      price: '₹1,299',
      description: 'Short and sharp.',
      'highlight-fit': 'Boxy',
      standardDelivery: '4-6 business days',
      pincodeDelivery: [],
      category: 'polos',
      sizes: ['M', 'L', 'XL'],
      'stock-M': '3',
      'stock-XL': '7',
    });
    expect(result.ok).toBe(true);
    const saved = await reload(product.id);
    expect(saved).toMatchObject({
      name: 'Renamed Tee',
      pricePaise: 129_900,
      description: 'Short and sharp.',
      keyHighlights: { fit: 'Boxy' },
      deliveryInfo: {
        standardDelivery: '4-6 business days',
        expressDelivery: '1-2 business days',
        pincodeDelivery: false,
      },
      category: 'polos',
      sizes: ['M', 'L', 'XL'],
      version: product.version + 1,
    });
    const stock = await database.db.select().from(productStock).where(eq(productStock.productId, product.id));
    expect(Object.fromEntries(stock.map((row) => [row.size, row.quantity]))).toEqual({ M: 3, L: 10, XL: 7 });
    // Size S is no longer sold: its cart line goes; the M line stays.
    const lines = await database.db.select().from(cartItems).where(eq(cartItems.productId, product.id));
    expect(lines.map((line) => line.size)).toEqual(['M']);

    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(product.id)));
    expect(entry).toMatchObject({ action: 'product.update', actorEmail: 'editor@example.test' });
    expect(entry!.summary).toContain('price ₹999.00 → ₹1,299.00');
    expect(entry!.summary).toContain('stock M 10 → 3');
    expect(entry!.before).toMatchObject({ name: product.name, stock: { S: 10, M: 10, L: 10 } });
    expect(entry!.after).toMatchObject({ name: 'Renamed Tee', stock: { M: 3, L: 10, XL: 7 } });
  });

  it('keeps the units sold while the form was open: the typed change applies to what is left', async () => {
    const product = await createProduct(database.db, { sizes: ['S', 'M'] }, 10);
    // The admin adds 15 M to the 10 shown.
    const form = await formFor(product, { 'stock-M': '25' });
    // Meanwhile 2 S and 3 M are sold.
    for (const [size, quantity] of [
      ['S', 8],
      ['M', 7],
    ] as const)
      await database.db
        .update(productStock)
        .set({ quantity })
        .where(and(eq(productStock.productId, product.id), eq(productStock.size, size)));
    const parsed = parseProductEdit(form);
    if (!parsed.ok) throw new Error('invalid');
    expect((await updateProduct(deps(), actor, product.id, parsed.edit, [])).ok).toBe(true);
    const stock = await database.db.select().from(productStock).where(eq(productStock.productId, product.id));
    expect(Object.fromEntries(stock.map((row) => [row.size, row.quantity]))).toEqual({ S: 8, M: 22 });
  });

  it('refuses a stock shown as anything but a count a size may hold: a forged form changes nothing', async () => {
    const product = await createProduct(database.db, { sizes: ['M'] }, 10);
    const outOfDate = 'This form is out of date. Reload the page and try again.';
    for (const shown of ['-1000000000', '100001', '2.5', 'lots']) {
      expect(parseProductEdit(await formFor(product, { 'stock-M': '10', 'stockWas-M': shown }))).toEqual({
        ok: false,
        kind: 'invalid',
        message: outOfDate,
        fieldErrors: { 'stock-M': outOfDate },
      });
    }
    const stock = await database.db.select().from(productStock).where(eq(productStock.productId, product.id));
    expect(stock.map((row) => row.quantity)).toEqual([10]);
  });

  it('refuses a save that would leave a size more units than it may hold, and writes nothing', async () => {
    const product = await createProduct(database.db, { name: 'Bulk Tee', sizes: ['M'] }, 50);
    // The form showed 50 and the admin types the most a size holds; 10 more come in meanwhile.
    const form = await formFor(product, { 'stock-M': '100000', name: 'Renamed' });
    await database.db
      .update(productStock)
      .set({ quantity: 60 })
      .where(and(eq(productStock.productId, product.id), eq(productStock.size, 'M')));
    const parsed = parseProductEdit(form);
    if (!parsed.ok) throw new Error('invalid');
    const message = 'Size M would have 1,00,010 units: a size holds at most 1,00,000.';
    expect(await updateProduct(deps(), actor, product.id, parsed.edit, [])).toEqual({
      ok: false,
      kind: 'conflict',
      message,
      fieldErrors: { 'stock-M': message },
    });
    expect(await reload(product.id)).toMatchObject({ name: 'Bulk Tee', version: product.version });
    const stock = await database.db.select().from(productStock).where(eq(productStock.productId, product.id));
    expect(stock.map((row) => row.quantity)).toEqual([60]);
  });

  it('refuses a save when someone else saved the product since it was opened, and writes nothing', async () => {
    const product = await createProduct(database.db, { name: 'Contested Tee' });
    const first = await formFor(product, { price: '1,499' });
    const second = await formFor(product, { price: '1,599', name: 'Other Name' });
    const save = async (form: (name: string) => string[]) => {
      const parsed = parseProductEdit(form);
      if (!parsed.ok) throw new Error('invalid');
      return updateProduct(deps(), actor, product.id, parsed.edit, []);
    };
    expect((await save(first)).ok).toBe(true);
    expect(await save(second)).toEqual({
      ok: false,
      kind: 'conflict',
      message: 'This product was changed by someone else. Reload to see the latest.',
    });
    expect(await reload(product.id)).toMatchObject({ name: 'Contested Tee', pricePaise: 149_900 });
  });

  it('reorders, removes and adds images; removed uploads leave the disk; a bad new image saves nothing', async () => {
    const png = await imageBytes('png');
    const imported = await importFolders(deps(), actor, {
      collection: 'trap-themed',
      category: 'jackets',
      files: (
        await receive(
          uploadForm({}, [
            { name: 'gallery-jacket/1.png', bytes: png },
            { name: 'gallery-jacket/2.png', bytes: png },
            { name: 'gallery-jacket/3.png', bytes: png },
          ]),
          path.join(dataDir, 'tmp'),
        )
      ).files,
    });
    if (!imported[0]?.ok) throw new Error('not imported');
    const product = (await reload(imported[0].productId))!;
    const [one, two, three] = product.images as [string, string, string];
    const fileOf = (base: string) => path.join(uploadsDir({ dataDir }), `${path.basename(base)}-640.webp`);

    const bad = await receive(uploadForm({}, [{ name: 'fake.jpg', bytes: 'not an image' }], 'newImages'), dataDir);
    const refused = await updateProduct(
      deps(),
      actor,
      product.id,
      (parseProductEdit(await formFor(product, { price: '2,000' })) as { ok: true; edit: never }).edit,
      bad.files,
    );
    expect(refused).toEqual({
      ok: false,
      kind: 'invalid',
      message: 'fake.jpg is not a JPEG, PNG or WebP image.',
      fieldErrors: { newImages: 'fake.jpg is not a JPEG, PNG or WebP image.' },
    });
    expect((await reload(product.id))!.pricePaise).toBe(59_900);
    await bad.discard();

    const added = await receive(
      uploadForm({}, [{ name: 'new.webp', bytes: await imageBytes('webp') }], 'newImages'),
      dataDir,
    );
    const parsed = parseProductEdit(await formFor(product, { imagePosition: ['2', '1', '3'], removeImage: [three] }));
    if (!parsed.ok) throw new Error('invalid');
    const saved = await updateProduct(deps(), actor, product.id, parsed.edit, added.files);
    await added.discard();
    expect(saved.ok).toBe(true);
    const after = (await reload(product.id))!;
    expect(after.images.slice(0, 2)).toEqual([two, one]);
    expect(after.images).toHaveLength(3);
    expect(after.thumbnail).toBe(two);
    expect(existsSync(fileOf(three))).toBe(false);
    expect(existsSync(fileOf(after.images[2]!))).toBe(true);
  });

  it('refuses images that are not the product’s own', async () => {
    const product = await createProduct(database.db);
    const result = await edit(product, { image: ['/uploads/products/someone-elses'] });
    expect(result).toEqual({ ok: false, kind: 'conflict', message: PRODUCT_MESSAGES.unknownImage });
  });
});

describe('deleting a product', () => {
  it('removes it with its stock, cart lines, likes and uploaded images; orders keep their copy', async () => {
    const png = await imageBytes('png');
    const upload = await receive(uploadForm({}, [{ name: 'doomed-tee/1.png', bytes: png }]), path.join(dataDir, 'tmp'));
    const [imported] = await importFolders(deps(), actor, {
      collection: 'trap-themed',
      category: 'oversized',
      files: upload.files,
    });
    await upload.discard();
    if (!imported?.ok) throw new Error('not imported');
    const id = imported.productId;
    const product = (await reload(id))!;
    const shopper = await createUser(database.db);
    await database.db.insert(cartItems).values({ userId: shopper.id, productId: id, size: 'M', quantity: 2 });
    await database.db.insert(productLikes).values({ userId: shopper.id, productId: id });
    const order = await createOrder(database.db, {
      userId: shopper.id,
      itemsJson: [{ productId: id, name: 'Doomed Tee', size: 'M', quantity: 1, pricePaise: 59_900 }],
    });

    expect(await deleteProduct(deps(), actor, id)).toEqual({
      ok: true,
      name: 'Doomed Tee',
    });
    expect(await reload(id)).toBeUndefined();
    expect(await database.db.select().from(productStock).where(eq(productStock.productId, id))).toEqual([]);
    expect(await database.db.select().from(cartItems).where(eq(cartItems.productId, id))).toEqual([]);
    expect(await database.db.select().from(productLikes).where(eq(productLikes.productId, id))).toEqual([]);
    const [kept] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept!.itemsJson[0]).toMatchObject({ productId: id, name: 'Doomed Tee' });
    expect(existsSync(path.join(uploadsDir({ dataDir }), `${path.basename(product.images[0]!)}-320.webp`))).toBe(false);
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(entries.map((entry) => entry.action).sort()).toEqual(['product.delete', 'product.import']);

    expect(await deleteProduct(deps(), actor, id)).toEqual({
      ok: false,
      kind: 'not_found',
      message: 'This product no longer exists.',
    });
  });
});
