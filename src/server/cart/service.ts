// A shopper's cart (SPEC §3 "cart rows"): lines keyed by user, product and size. The server
// decides what a line holds and what it costs; every function takes the user from the session.
import { and, asc, eq, sql } from 'drizzle-orm';

import { CART_MESSAGES, MAX_LINE_QUANTITY } from '../../common/cart-messages.ts';
import { AddToCartSchema, CartLineSchema, UpdateCartLineSchema } from '../../common/cart.ts';
import { notEnoughStockMessage } from '../../common/stock.ts';
import { availabilitySql, unitsLeft } from '../catalog/stock.ts';
import type { Database } from '../db/client.ts';
import { cartItems, products, type Product } from '../db/schema.ts';

export type CartFailure = { ok: false; status: 400 | 404 | 409; message: string };

/** Thrown inside a transaction to undo a change that asked for more than is in stock. */
class NotEnoughStock extends Error {
  constructor(size: string, left: number) {
    super(notEnoughStockMessage(size, left));
  }
}

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

/** Adds a line, or adds to the quantity of the same product and size (at most 10). */
export async function addToCart(db: Database, userId: string, input: unknown): Promise<{ ok: true } | CartFailure> {
  const parsed = AddToCartSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  const { productId, size, quantity } = parsed.data;
  const offered = await findOffered(db, productId, size);
  if (!offered.ok) return offered;
  return withinStock(db, async (tx) => {
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
    await requireStock(tx, productId, size, line!.quantity);
  });
}

/**
 * Changes a line's quantity, its selection, or its size; a new size moves the line there and
 * merges it with a line already in that size (quantities added, at most 10).
 */
export async function updateCartLine(
  db: Database,
  userId: string,
  input: unknown,
): Promise<{ ok: true } | CartFailure> {
  const parsed = UpdateCartLineSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  const { productId, size, quantity, selected, newSize } = parsed.data;
  if (newSize && newSize !== size) {
    const offered = await findOffered(db, productId, newSize);
    if (!offered.ok) return offered;
  }
  const line = and(eq(cartItems.userId, userId), eq(cartItems.productId, productId), eq(cartItems.size, size));
  const [current] = await db.select().from(cartItems).where(line);
  if (!current) return { ok: false, status: 404, message: CART_MESSAGES.lineNotFound };
  return withinStock(db, async (tx) => {
    const next = { quantity: quantity ?? current.quantity, selected: selected ?? current.selected };
    if (!newSize || newSize === size) {
      const [updated] = await tx
        .update(cartItems)
        .set({ ...next, updatedAt: new Date() })
        .where(line)
        .returning({ quantity: cartItems.quantity });
      // Removed meanwhile (another tab): nothing to change.
      if (updated && quantity !== undefined) await requireStock(tx, productId, size, updated.quantity);
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
    await requireStock(tx, productId, newSize, moved!.quantity);
  });
}

/** Runs a change in a transaction, undone with a clear message when it asks for more than is in stock. */
async function withinStock(db: Database, change: (tx: Database) => Promise<void>): Promise<{ ok: true } | CartFailure> {
  try {
    await db.transaction(change);
    return { ok: true };
  } catch (error) {
    if (error instanceof NotEnoughStock) return { ok: false, status: 409, message: error.message };
    throw error;
  }
}

async function requireStock(tx: Database, productId: number, size: string, wanted: number) {
  const left = await unitsLeft(tx, productId, size);
  if (wanted > left) throw new NotEnoughStock(size, left);
}

export async function removeCartLine(
  db: Database,
  userId: string,
  input: unknown,
): Promise<{ ok: true } | CartFailure> {
  const parsed = CartLineSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  const { productId, size } = parsed.data;
  await db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId), eq(cartItems.size, size)));
  return { ok: true };
}

/** The product, when it exists and offers the size; otherwise the refusal to answer with. */
export async function findOffered(
  db: Database,
  productId: number,
  size: string,
): Promise<{ ok: true; product: Product } | CartFailure> {
  const [product] = await db.select().from(products).where(eq(products.id, productId));
  if (!product) return { ok: false, status: 404, message: CART_MESSAGES.productNotFound };
  if (!product.sizes.includes(size)) return { ok: false, status: 400, message: CART_MESSAGES.sizeNotOffered };
  return { ok: true, product };
}

function invalid(error: { issues: ReadonlyArray<{ message: string }> }): CartFailure {
  return { ok: false, status: 400, message: error.issues[0]?.message ?? 'Invalid request.' };
}
