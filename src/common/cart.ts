// The cart's rules and messages, shared by the pages and the server (which decides).
import { z } from 'zod';

import { SIZES } from './catalog.ts';

export const MAX_LINE_QUANTITY = 10;

export const CART_MESSAGES = {
  added: 'Added to cart!',
  productNotFound: 'Product not found',
  sizeNotOffered: 'This size is not available for this product.',
  quantity: `Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}.`,
  lineNotFound: 'This item is no longer in your cart.',
  signInToView: 'Please log in to view your cart.',
  sizeForCart: 'Please select a size before adding to cart.',
  sizeForBuying: 'Please select a size before buying.',
  likeNeedsLogin: 'Please log in to like products.',
  liked: 'Added to favorites!',
  unliked: 'Removed from favorites',
} as const;

const productId = z.coerce
  .number({ message: CART_MESSAGES.productNotFound })
  .int(CART_MESSAGES.productNotFound)
  .min(1, CART_MESSAGES.productNotFound)
  .max(2_147_483_647, CART_MESSAGES.productNotFound);
const size = z.enum(SIZES, { message: CART_MESSAGES.sizeNotOffered });
/** A whole number from 1 to 10, given as a number or digits; anything else is refused. */
const quantity = z
  .union([z.number(), z.string().regex(/^\d+$/, CART_MESSAGES.quantity).transform(Number)], {
    message: CART_MESSAGES.quantity,
  })
  .pipe(
    z
      .number()
      .int(CART_MESSAGES.quantity)
      .min(1, CART_MESSAGES.quantity)
      .max(MAX_LINE_QUANTITY, CART_MESSAGES.quantity),
  );

export const AddToCartSchema = z.object({ productId, size, quantity: quantity.default(1) });
export const CartLineSchema = z.object({ productId, size });
export const UpdateCartLineSchema = z.object({
  productId,
  size,
  quantity: quantity.optional(),
  selected: z.boolean({ message: 'Selected must be true or false.' }).optional(),
  newSize: size.optional(),
});
export const LikeSchema = z.object({ productId, liked: z.boolean({ message: 'Liked must be true or false.' }) });
