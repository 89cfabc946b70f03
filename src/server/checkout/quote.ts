// What the shopper is about to buy, priced from the database (docs/architecture.md, principle 1):
// the selected cart lines, or a single buy-now item. The checkout adds the coupon and the total.
import { AddToCartSchema } from '../../common/cart.ts';
import { findOffered, getCart, invalidRequest } from '../cart/service.ts';
import type { Database } from '../db/client.ts';
import type { Result } from '../errors.ts';

interface QuotedItem {
  productId: number;
  name: string;
  image: string | undefined;
  size: string;
  quantity: number;
  pricePaise: number;
  lineTotalPaise: number;
}

export interface Quote {
  items: QuotedItem[];
  subtotalPaise: number;
}

export type QuoteResult = Result<Quote>;

function quoteOf(items: QuotedItem[]): Quote {
  return { items, subtotalPaise: items.reduce((sum, item) => sum + item.lineTotalPaise, 0) };
}

/** The selected lines of the user's cart. */
export async function quoteCart(db: Database, userId: string): Promise<Quote> {
  const lines = (await getCart(db, userId)).filter((line) => line.selected);
  return quoteOf(
    lines.map((line) => ({
      productId: line.productId,
      name: line.name,
      image: line.images[0],
      size: line.size,
      quantity: line.quantity,
      pricePaise: line.pricePaise,
      lineTotalPaise: line.lineTotalPaise,
    })),
  );
}

/** One item bought at once: its price times its quantity (docs/product.md §2 "Checkout"). */
export async function quoteBuyNow(db: Database, input: unknown, now = new Date()): Promise<QuoteResult> {
  const parsed = AddToCartSchema.safeParse(input);
  if (!parsed.success) return invalidRequest(parsed.error);
  const { productId, size, quantity } = parsed.data;
  const offered = await findOffered(db, productId, size, now);
  if (!offered.ok) return offered;
  const { product } = offered;
  return {
    ok: true,
    ...quoteOf([
      {
        productId,
        name: product.name,
        image: product.images[0],
        size,
        quantity,
        pricePaise: product.pricePaise,
        lineTotalPaise: product.pricePaise * quantity,
      },
    ]),
  };
}

/** What is about to be bought: the buy-now item when there is one, otherwise the selected cart lines. */
export async function quoteFor(db: Database, userId: string, buyNow: unknown, now = new Date()): Promise<QuoteResult> {
  return buyNow ? quoteBuyNow(db, buyNow, now) : { ok: true, ...(await quoteCart(db, userId)) };
}
