// The cart's request schemas, used by the server (which decides); the pages use only the
// messages (cart-messages.ts), which keeps the validation library out of their first load.
import { z } from 'zod';

import { CART_MESSAGES, MAX_LINE_QUANTITY } from './cart-messages.ts';
import { SIZES } from './catalog.ts';

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
