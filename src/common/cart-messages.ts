// What the cart, likes and product actions say (docs/product.md §5, §8), and the cart's one limit.
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
