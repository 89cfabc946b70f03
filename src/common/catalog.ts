// The store's fixed vocabularies (docs/product.md §2, §3, §9). Enums and checks derive from them.

export const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;
export type Size = (typeof SIZES)[number];

export const COLLECTIONS = [
  { slug: 'bring-your-childhood', name: 'Bring Your Childhood' },
  { slug: 'trap-themed', name: 'Trap Themed' },
  { slug: 'other-designs', name: 'Navratri Drop' },
] as const;
export const COLLECTION_SLUGS = COLLECTIONS.map((c) => c.slug);
export type CollectionSlug = (typeof COLLECTIONS)[number]['slug'];

export const CATEGORIES = [
  { slug: 'jackets', name: 'Jackets' },
  { slug: 'sweatshirts', name: 'Sweatshirts' },
  { slug: 'oversized', name: 'Oversized' },
  { slug: 'regular-fit', name: 'Regular Fit' },
  { slug: 'polos', name: 'Polos' },
] as const;
export const CATEGORY_SLUGS = CATEGORIES.map((c) => c.slug);

/**
 * The HSN code of each category's garments, printed on tax invoices (ADR 0024): knitted
 * T-shirts 6109, knitted jerseys and sweatshirts 6110, men's knitted shirts (polos) 6105, and men's
 * jackets and wind-cheaters, not knitted, 6201. A product without a category is invoiced as a T-shirt.
 */
export const CATEGORY_HSN: Record<string, string> = {
  jackets: '6201',
  sweatshirts: '6110',
  oversized: '6109',
  'regular-fit': '6109',
  polos: '6105',
};
export const DEFAULT_HSN = '6109';
export type CategorySlug = (typeof CATEGORIES)[number]['slug'];

/** An order's statuses, in the order it goes through them (orders/status.ts decides the moves). */
export const ORDER_STATUSES = [
  // A cash on delivery order until its shopper (or staff, after a call) confirms it.
  'awaiting_confirmation',
  'pending',
  'processing',
  'shipped',
  'delivered',
  'completed',
  'failed',
  'cancelled',
  'returned',
  // A cash on delivery parcel refused or undeliverable, back at the store.
  'returned_to_origin',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * How an order is paid: online through Razorpay, in cash to the courier, or wholly with the
 * shopper's store credit (an online or cash order may also be paid partly with it: `credit_paise`).
 */
export const PAYMENT_METHODS = ['online', 'cod', 'store_credit'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const GENDERS = ['male', 'female', 'prefer-not-to-say'] as const;

/** The key highlights a product may list (docs/product.md §3), with the label shoppers see. */
export const HIGHLIGHT_LABELS: Record<string, string> = {
  design: 'Design',
  fit: 'Fit',
  neck: 'Neck',
  occasion: 'Occasion',
  sleeveStyle: 'Sleeve Style',
  washCare: 'Wash Care',
};

export const MAX_PRODUCT_NAME_LENGTH = 120;

/** Limits of product images staff upload (ADR 0014). */
export const MAX_IMAGES_PER_PRODUCT = 20;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** Widths (px) of the WebP variants stored for every product image, for `srcset`. */
export const IMAGE_WIDTHS = [320, 640, 960] as const;

export const PRODUCTS_PAGE_SIZE = 12;
