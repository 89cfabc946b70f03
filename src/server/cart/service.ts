// A shopper's cart (docs/product.md §3 "cart rows"): lines keyed by user, product and size, the one
// table this folder writes. The server decides what a line holds and what it costs; every function
// takes the user from the session.
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';

import { CART_MESSAGES, MAX_LINE_QUANTITY } from '../../common/cart-messages.ts';
import { AddToCartSchema, CartLineSchema, UpdateCartLineSchema } from '../../common/cart.ts';
import { dropsOnMessage } from '../../common/drops.ts';
import { isInStock, notEnoughStockMessage } from '../../common/stock.ts';
import type { Database } from '../db/client.ts';
import { cartItems, drops, products, type Product } from '../db/schema.ts';
import { failure, refusalsAsFailures, type Failure, type Result } from '../errors.ts';
import { requireDropRules } from '../drops/rules.ts';
import { availabilitySql, requireUnits, unitsLeft } from '../inventory/stock.ts';

export interface CartLine {
  productId: number;
  size: string;
  quantity: number;
  selected: boolean;
  name: string;
  pricePaise: number;
  images: string[];
  sizes: string[];
  availability: string;
  /** Price times quantity. */
  lineTotalPaise: number;
}

export async function getCart(db: Database, userId: string): Promise<CartLine[]> {
  const rows = await db
    .select({
      productId: cartItems.productId,
      size: cartItems.size,
      quantity: cartItems.quantity,
      selected: cartItems.selected,
      name: products.name,
      pricePaise: products.pricePaise,
      images: products.images,
      sizes: products.sizes,
      availability: availabilitySql,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.productId), asc(cartItems.size));
  return rows.map((row) => ({ ...row, lineTotalPaise: row.pricePaise * row.quantity }));
}

/** The order summary of the selected lines, priced from the database. */
export function summarize(lines: readonly CartLine[]) {
  const selected = lines.filter((line) => line.selected);
  return {
    selectedCount: selected.reduce((sum, line) => sum + line.quantity, 0),
    subtotalPaise: selected.reduce((sum, line) => sum + line.lineTotalPaise, 0),
  };
}

/** Adds a line, or adds to the quantity of the same product and size (at most MAX_LINE_QUANTITY). */
export async function addToCart(db: Database, userId: string, input: unknown): Promise<Result> {
  const parsed = AddToCartSchema.safeParse(input);
  if (!parsed.success) return invalidRequest(parsed.error);
  const { productId, size, quantity } = parsed.data;
  const offered = await findOffered(db, productId, size);
  if (!offered.ok) return offered;
  // A size sold out is refused without a transaction: in a drop's minute most adds are for one.
  const left = await unitsLeft(db, productId, size);
  if (!isInStock(left)) return failure('conflict', notEnoughStockMessage(size, left));
  return withinStock(db, async (tx) => {
    if (offered.product.dropId !== null) {
      await requireDropRules(tx, userId, [{ productId, size, quantity }], 'orders-and-cart');
    }
    // One statement: parallel adds of the same line add up without a read-then-write race.
    const [line] = await tx
      .insert(cartItems)
      .values({ userId, productId, size, quantity, selected: true })
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.productId, cartItems.size],
        set: {
          quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${MAX_LINE_QUANTITY})`,
          selected: true,
          updatedAt: new Date(),
        },
      })
      .returning({ quantity: cartItems.quantity });
    await requireUnits(tx, productId, size, line!.quantity);
  });
}

/**
 * Changes a line's quantity, its selection, or its size; a new size moves the line there and
 * merges it with a line already in that size (quantities added, at most MAX_LINE_QUANTITY).
 */
export async function updateCartLine(db: Database, userId: string, input: unknown): Promise<Result> {
  const parsed = UpdateCartLineSchema.safeParse(input);
  if (!parsed.success) return invalidRequest(parsed.error);
  const { productId, size, quantity, selected, newSize } = parsed.data;
  if (newSize && newSize !== size) {
    const offered = await findOffered(db, productId, newSize);
    if (!offered.ok) return offered;
  }
  const line = and(eq(cartItems.userId, userId), eq(cartItems.productId, productId), eq(cartItems.size, size));
  const [current] = await db.select().from(cartItems).where(line);
  if (!current) return failure('not_found', CART_MESSAGES.lineNotFound);
  return withinStock(db, async (tx) => {
    const next = { quantity: quantity ?? current.quantity, selected: selected ?? current.selected };
    // What the change adds (more of the size, or the line moved to another) is judged by the
    // product's drop: not before it goes live, and within its limits. Less, or a selection, is not.
    const change =
      newSize && newSize !== size
        ? [
            { productId, size: newSize, quantity: next.quantity },
            { productId, size, quantity: -current.quantity },
          ]
        : [{ productId, size, quantity: next.quantity - current.quantity }];
    if (change.some((item) => item.quantity > 0)) {
      await requireDropRules(tx, userId, change, 'orders-and-cart', new Date());
    }
    if (!newSize || newSize === size) {
      const [updated] = await tx
        .update(cartItems)
        .set({ ...next, updatedAt: new Date() })
        .where(line)
        .returning({ quantity: cartItems.quantity });
      // Removed meanwhile (another tab): nothing to change.
      if (updated && quantity !== undefined) await requireUnits(tx, productId, size, updated.quantity);
      return;
    }
    await tx.delete(cartItems).where(line);
    const [moved] = await tx
      .insert(cartItems)
      .values({ userId, productId, size: newSize, ...next })
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.productId, cartItems.size],
        set: {
          quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${MAX_LINE_QUANTITY})`,
          selected: sql`${cartItems.selected} or excluded.selected`,
          updatedAt: new Date(),
        },
      })
      .returning({ quantity: cartItems.quantity });
    await requireUnits(tx, productId, newSize, moved!.quantity);
  });
}

/** Runs a change in a transaction, undone with a clear message when it asks for more than is in stock. */
async function withinStock(db: Database, change: (tx: Database) => Promise<void>): Promise<Result> {
  return refusalsAsFailures(async () => {
    await db.transaction(change);
    return { ok: true as const };
  });
}

export async function removeCartLine(db: Database, userId: string, input: unknown): Promise<Result> {
  const parsed = CartLineSchema.safeParse(input);
  if (!parsed.success) return invalidRequest(parsed.error);
  const { productId, size } = parsed.data;
  await db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId), eq(cartItems.size, size)));
  return { ok: true };
}

/**
 * After a payment: the bought lines leave the cart (checkout/workflow.ts, in the order's
 * transaction). A line whose size was bought goes whatever its quantity now.
 */
export async function removeBoughtLines(
  tx: Database,
  userId: string,
  items: ReadonlyArray<{ productId: number; size: string }>,
): Promise<void> {
  for (const item of items) {
    await tx
      .delete(cartItems)
      .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, item.productId), eq(cartItems.size, item.size)));
  }
}

/** A size a product no longer offers leaves every cart (the admin's product save). */
export async function removeDroppedSizes(tx: Database, productId: number, sizes: readonly string[]): Promise<void> {
  await tx.delete(cartItems).where(and(eq(cartItems.productId, productId), notInArray(cartItems.size, [...sizes])));
}

/**
 * The product, when it exists, offers the size and is on sale (its drop, if any, has gone live);
 * otherwise the refusal to answer with.
 */
export async function findOffered(
  db: Database,
  productId: number,
  size: string,
  now = new Date(),
): Promise<Result<{ product: Product }>> {
  // One query: the product and, when it is in a drop, when that goes live.
  const [row] = await db
    .select({ product: products, goesLiveAt: drops.goesLiveAt })
    .from(products)
    .leftJoin(drops, eq(drops.id, products.dropId))
    .where(eq(products.id, productId));
  if (!row) return failure('not_found', CART_MESSAGES.productNotFound);
  const { product, goesLiveAt } = row;
  if (!product.sizes.includes(size)) return failure('invalid', CART_MESSAGES.sizeNotOffered);
  if (goesLiveAt && goesLiveAt > now) return failure('conflict', dropsOnMessage(goesLiveAt));
  return { ok: true, product };
}

/** A request the schema refused, with its first message. */
export function invalidRequest(error: { issues: ReadonlyArray<{ message: string }> }): Failure {
  return failure('invalid', error.issues[0]?.message ?? 'Invalid request.');
}

/** A deleted account's cart is emptied (auth/delete-account.ts, in its transaction). */
export async function emptyCart(tx: Database, userId: string): Promise<void> {
  await tx.delete(cartItems).where(eq(cartItems.userId, userId));
}
