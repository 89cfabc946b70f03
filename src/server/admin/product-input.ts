// What the product edit form may say (ADR 0014), checked field by field with a message for
// each. Prices are typed in rupees ('₹1,299', '1,299.00' or '1299'); stock is whole units.
import { z } from 'zod';

import {
  CATEGORY_SLUGS,
  COLLECTION_SLUGS,
  HIGHLIGHT_LABELS,
  MAX_PRODUCT_NAME_LENGTH,
  SIZES,
  type Size,
} from '../../common/catalog.ts';
import { parseRupeesToPaise } from '../../common/money.ts';
import { STOCK_QUANTITY_MAX } from '../../common/stock-movements.ts';
import { hasControlCharacters } from '../../common/validation.ts';
import { failure, type Result } from '../errors.ts';

export const PRICE_MESSAGE = 'Enter the price in rupees, such as 1299 or ₹1,299.00.';
const FIX_FIELDS_MESSAGE = 'Nothing was saved. Please fix the fields marked below.';
const OUT_OF_DATE_MESSAGE = 'This form is out of date. Reload the page and try again.';
/** The most a garment may cost: ₹10,00,000, far above any real price, to catch typos. */
const MAX_PRICE_PAISE = 10_00_000_00;

// A NUL would be refused by PostgreSQL; the descriptions are textareas, so their line breaks stay.
const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} can be at most ${max} characters.`)
    .refine(
      (value) => !hasControlCharacters(value, { multiline: true }),
      `${label} must not contain control characters.`,
    );

const stockCount = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    if (!/^-?\d+$/.test(value)) ctx.addIssue({ code: 'custom', message: 'Enter a whole number of units.' });
    else if (Number(value) < 0) ctx.addIssue({ code: 'custom', message: 'Stock cannot be negative.' });
    else if (Number(value) > STOCK_QUANTITY_MAX)
      ctx.addIssue({ code: 'custom', message: 'Stock can be at most 100000 units.' });
  })
  .transform(Number);

const productEditSchema = z.object({
  name: text(MAX_PRODUCT_NAME_LENGTH, 'The name').min(1, 'Enter the product name.'),
  price: z.string().transform((value, ctx) => {
    const paise = parseRupeesToPaise(value);
    if (paise === null || paise <= 0 || paise > MAX_PRICE_PAISE) {
      ctx.addIssue({ code: 'custom', message: PRICE_MESSAGE });
      return z.NEVER;
    }
    return paise;
  }),
  description: text(500, 'The short description'),
  fullDescription: text(5000, 'The full description'),
  manufactureAndCare: text(2000, 'Manufacture and care'),
  returnPolicy: text(500, 'The return policy'),
  keyHighlights: z.object(
    Object.fromEntries(Object.entries(HIGHLIGHT_LABELS).map(([key, label]) => [key, text(200, label)])),
  ),
  standardDelivery: text(100, 'Standard delivery'),
  expressDelivery: text(100, 'Express delivery'),
  pincodeDelivery: z.boolean(),
  collection: z.enum(COLLECTION_SLUGS as [string, ...string[]], { error: 'Choose a collection.' }),
  category: z.enum(CATEGORY_SLUGS as [string, ...string[]], { error: 'Choose a category.' }),
  sizes: z.array(z.enum(SIZES)).min(1, 'Offer at least one size.'),
  /** The units typed for each offered size, and what the form showed when it was opened. */
  stock: z.record(z.string(), stockCount),
  // Shown by the form, never typed: anything but a count a size may hold is a forged or broken form.
  stockWas: z.record(
    z.string(),
    z.coerce
      .number({ error: OUT_OF_DATE_MESSAGE })
      .int(OUT_OF_DATE_MESSAGE)
      .min(0, OUT_OF_DATE_MESSAGE)
      .max(STOCK_QUANTITY_MAX, OUT_OF_DATE_MESSAGE),
  ),
  /** The product's images to keep, in their new order. */
  images: z.array(z.string()),
  version: z.coerce.number().int().positive(OUT_OF_DATE_MESSAGE),
});

export type ProductEdit = z.output<typeof productEditSchema>;

/**
 * Reads the form: `field(name)` gives a field's values in the order they came. Refused with a
 * message per input, and for the form as a whole the out-of-date one or "fix the fields".
 */
export function parseProductEdit(field: (name: string) => string[]): Result<{ edit: ProductEdit }> {
  const one = (name: string) => field(name)[0] ?? '';
  const sizes = SIZES.filter((size) => field('sizes').includes(size));
  // Positions typed for the images ("1", "2", …); the images keep their shown order otherwise.
  const shown = field('image');
  const positions = field('imagePosition').map(Number);
  const removed = new Set(field('removeImage'));
  const images = shown
    .map((base, index) => ({
      base,
      index,
      position: Number.isFinite(positions[index]) ? positions[index]! : index + 1,
    }))
    .filter(({ base }) => !removed.has(base))
    .sort((a, b) => a.position - b.position || a.index - b.index)
    .map(({ base }) => base);
  const parsed = productEditSchema.safeParse({
    name: one('name'),
    price: one('price'),
    description: one('description'),
    fullDescription: one('fullDescription'),
    manufactureAndCare: one('manufactureAndCare'),
    returnPolicy: one('returnPolicy'),
    keyHighlights: Object.fromEntries(Object.keys(HIGHLIGHT_LABELS).map((key) => [key, one(`highlight-${key}`)])),
    standardDelivery: one('standardDelivery'),
    expressDelivery: one('expressDelivery'),
    pincodeDelivery: one('pincodeDelivery') === 'on',
    collection: one('collection'),
    category: one('category'),
    sizes,
    stock: Object.fromEntries(sizes.map((size) => [size, one(`stock-${size}`)])),
    stockWas: Object.fromEntries(sizes.map((size) => [size, one(`stockWas-${size}`) || '0'])),
    images: [...new Set(images)],
    version: one('version'),
  });
  if (parsed.success) return { ok: true, edit: parsed.data as ProductEdit & { sizes: Size[] } };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    // keyHighlights.design → highlight-design, stock.M → stock-M: the names of the inputs.
    const [head, sub] = issue.path.map(String);
    const key =
      head === 'keyHighlights'
        ? `highlight-${sub}`
        : head === 'stock' || head === 'stockWas'
          ? `stock-${sub}`
          : (head ?? 'form');
    errors[key] ??= issue.message;
  }
  const outOfDate = parsed.error.issues.some((issue) => issue.message === OUT_OF_DATE_MESSAGE);
  return failure('invalid', outOfDate ? OUT_OF_DATE_MESSAGE : FIX_FIELDS_MESSAGE, { fieldErrors: errors });
}
