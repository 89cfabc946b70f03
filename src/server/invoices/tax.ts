// The arithmetic of GST tax invoices and credit notes (ADR 0024). Pure functions over
// integer paise: prices include GST, each line is split into taxable value and tax once, and every
// document adds up to the amount paid (or refunded) to the paisa. A cash on delivery fee is a line
// of its own, taxed at the rate of the order's highest-rate line (ADR 0049).
import type { PaymentMethod } from '../../common/catalog.ts';
import type { AddressInput } from '../../common/validation.ts';
import { failure, FailureError } from '../errors.ts';
import type { OrderItem, StateTax, TaxDocumentBody, TaxLine } from '../db/schema.ts';

/**
 * One GST rate band: the rate for garments whose taxable value per piece does not exceed
 * `upToPaise` (null: no ceiling). Bands are kept in ascending order of their ceilings, the last
 * one without a ceiling (config.ts `GST_RATE_BANDS`).
 */
export interface RateBand {
  upToPaise: number | null;
  ratePercent: number;
}

export type Seller = TaxDocumentBody['seller'];

/** What a line of a tax document says about its tax, rounded once for the whole line. */
export type GstSplit = Pick<TaxLine, 'taxablePaise' | 'ratePercent' | 'cgstPaise' | 'sgstPaise' | 'igstPaise'>;

/** The order fields a tax document is made from. */
export interface InvoicedOrder {
  id: string;
  itemsJson: readonly OrderItem[];
  discountPaise: number;
  addressJson: AddressInput;
  /** The cash on delivery fee, added to what the items paid (none when absent). */
  codFeePaise?: number;
  paymentMethod?: PaymentMethod;
  /** Store credit that paid part or all of the total; the taxable value is the same. */
  creditPaise?: number;
}

/** What the fee's line of a tax document is called. */
const COD_FEE_DESCRIPTION = 'Cash on delivery fee';

/**
 * The order's discount spread over its lines in proportion to each line's amount (price ×
 * quantity), by largest remainder: each line's paid amount is whole paise and together they are
 * exactly subtotal − discount. Ties go to the earlier line, so the split is always the same.
 */
export function paidPerLine(items: readonly OrderItem[], discountPaise: number): number[] {
  const amounts = items.map((item) => BigInt(item.pricePaise) * BigInt(item.quantity));
  const subtotal = amounts.reduce((sum, amount) => sum + amount, 0n);
  const discount = BigInt(discountPaise);
  if (!Number.isSafeInteger(discountPaise) || discount < 0n || discount > subtotal) {
    throw new Error(`A discount of ${discountPaise} paise does not fit a subtotal of ${subtotal} paise.`);
  }
  if (subtotal === 0n) return amounts.map(() => 0);
  // BigInt: discount × amount can pass 2^53 for large orders.
  const shares = amounts.map((amount, index) => ({
    index,
    share: (discount * amount) / subtotal,
    remainder: (discount * amount) % subtotal,
  }));
  let left = discount - shares.reduce((sum, { share }) => sum + share, 0n);
  const byRemainder = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const entry of byRemainder) {
    if (left === 0n) break;
    entry.share += 1n;
    left -= 1n;
  }
  return amounts.map((amount, index) => Number(amount - shares[index]!.share));
}

/** The part of `total` that `units` of `quantity` units carry, so that the parts always add up to `total`. */
function cumulativeShare(total: number, units: number, quantity: number): number {
  return Math.floor((total * units) / quantity);
}

function lineIndexOf(items: readonly OrderItem[], line: { productId: number; size: string }): number {
  const index = items.findIndex((item) => item.productId === line.productId && item.size === line.size);
  if (index === -1) throw new FailureError(failure('invalid', 'This item is not part of the order.'));
  return index;
}

function checkUnits(item: OrderItem, quantity: number, unitsAlreadyCredited: number): void {
  if (
    !Number.isInteger(quantity) ||
    !Number.isInteger(unitsAlreadyCredited) ||
    quantity < 1 ||
    unitsAlreadyCredited < 0 ||
    unitsAlreadyCredited + quantity > item.quantity
  ) {
    throw new FailureError(failure('invalid', 'There are not that many units of this item left to return.'));
  }
}

/**
 * What `quantity` units of one line paid, when `unitsAlreadyCredited` of its units were already
 * given back: the difference of the cumulative shares floor(linePaid × k / lineQuantity), so the
 * credits of a line add up to exactly what it paid, however its units come back.
 */
export function paidForUnits(
  order: { itemsJson: readonly OrderItem[]; discountPaise: number },
  line: { productId: number; size: string },
  quantity: number,
  unitsAlreadyCredited: number,
): number {
  const index = lineIndexOf(order.itemsJson, line);
  const item = order.itemsJson[index]!;
  checkUnits(item, quantity, unitsAlreadyCredited);
  const linePaid = paidPerLine(order.itemsJson, order.discountPaise)[index]!;
  return (
    cumulativeShare(linePaid, unitsAlreadyCredited + quantity, item.quantity) -
    cumulativeShare(linePaid, unitsAlreadyCredited, item.quantity)
  );
}

/**
 * The rate of a line that paid `amountPaise` (tax included) for `quantity` pieces: the first band
 * whose ceiling the taxable value per piece at that band's own rate does not exceed, otherwise the
 * last band. Compared exactly in integers: amount × 100 / ((100 + rate) × quantity) ≤ ceiling.
 */
export function rateFor(amountPaise: number, quantity: number, bands: readonly RateBand[]): number {
  if (bands.length === 0) throw new Error('No GST rate bands.');
  const band = bands.find(
    ({ upToPaise, ratePercent }) =>
      upToPaise === null || amountPaise * 100 <= upToPaise * quantity * (100 + ratePercent),
  );
  return (band ?? bands[bands.length - 1]!).ratePercent;
}

/**
 * CGST takes the odd paisa of an intra-state line's tax, SGST (or UTGST) the rest; an inter-state
 * line's tax is all IGST.
 */
function splitTax(taxPaise: number, intraState: boolean): Pick<TaxLine, 'cgstPaise' | 'sgstPaise' | 'igstPaise'> {
  if (!intraState) return { cgstPaise: 0, sgstPaise: 0, igstPaise: taxPaise };
  const cgstPaise = Math.ceil(taxPaise / 2);
  return { cgstPaise, sgstPaise: taxPaise - cgstPaise, igstPaise: 0 };
}

/**
 * One line's GST, from what it paid with tax included: taxable = round(amount × 100 / (100 + rate))
 * (half up, in integers), tax = amount − taxable, as CGST + SGST (or UTGST) within the seller's
 * state and IGST otherwise.
 */
export function splitLine(
  amountPaise: number,
  quantity: number,
  bands: readonly RateBand[],
  intraState: boolean,
): GstSplit {
  return splitAtRate(amountPaise, rateFor(amountPaise, quantity, bands), intraState);
}

/** An amount's GST at a given rate, rounded as `splitLine` rounds. */
function splitAtRate(amountPaise: number, ratePercent: number, intraState: boolean): GstSplit {
  const divisor = 100 + ratePercent;
  const taxablePaise = Math.floor((amountPaise * 200 + divisor) / (2 * divisor));
  return { taxablePaise, ratePercent, ...splitTax(amountPaise - taxablePaise, intraState) };
}

/**
 * The cash on delivery fee's line (ADR 0049): the fee is part of the price of the goods it brings
 * (a composite supply), so it is taxed at the rate of the order's highest-rate line, under that
 * line's HSN code, the earlier line on a tie.
 */
function feeLine(feePaise: number, itemLines: readonly TaxLine[], intraState: boolean): TaxLine {
  const principal = itemLines.reduce((top, line) => (line.ratePercent > top.ratePercent ? line : top));
  return {
    description: COD_FEE_DESCRIPTION,
    hsn: principal.hsn,
    size: '',
    quantity: 1,
    amountPaise: feePaise,
    ...splitAtRate(feePaise, principal.ratePercent, intraState),
    codFee: true,
  };
}

/** States compare without regard to case or spacing ('Tamil  nadu' is 'Tamil Nadu'). */
export function isSameState(a: string, b: string): boolean {
  const normal = (state: string) => state.replace(/\s+/g, '').toLowerCase();
  return normal(a) === normal(b);
}

/**
 * The Union Territories without a legislature, where the Union Territory GST Act 2017 levies UTGST
 * in place of SGST. Delhi, Puducherry and Jammu and Kashmir have legislatures, so SGST.
 */
const UNION_TERRITORIES_WITHOUT_LEGISLATURE = [
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Ladakh',
  'Lakshadweep',
];

/** The tax charged with CGST on a supply within the seller's state or Union Territory. */
export function stateTaxOf(sellerState: string): StateTax {
  return UNION_TERRITORIES_WITHOUT_LEGISLATURE.some((territory) => isSameState(territory, sellerState))
    ? 'UTGST'
    : 'SGST';
}

function totalsOf(lines: readonly TaxLine[]): TaxDocumentBody['totals'] {
  const sum = (pick: (line: TaxLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    taxablePaise: sum((line) => line.taxablePaise),
    cgstPaise: sum((line) => line.cgstPaise),
    sgstPaise: sum((line) => line.sgstPaise),
    igstPaise: sum((line) => line.igstPaise),
    totalPaise: sum((line) => line.amountPaise),
  };
}

function buyerAddress(address: AddressInput): string {
  return `${address.house}, ${address.street}, ${address.city}, ${address.state} - ${address.pincode}, ${address.country}`;
}

/**
 * The tax invoice of an order: its lines at what they paid after the discount, each split at the
 * rate of its band, then the cash on delivery fee's line if it has one; the place of supply is the
 * delivery address's state. `hsnOf` gives a product's HSN code (by its category; products deleted
 * since have the default).
 */
export function buildInvoiceBody(input: {
  order: InvoicedOrder;
  orderNumber: string;
  seller: Seller;
  bands: readonly RateBand[];
  hsnOf: (productId: number) => string;
}): TaxDocumentBody {
  const { order, seller, bands } = input;
  const placeOfSupply = order.addressJson.state;
  const intraState = isSameState(placeOfSupply, seller.state);
  const paid = paidPerLine(order.itemsJson, order.discountPaise);
  const itemLines = order.itemsJson.map((item, index): TaxLine => ({
    description: item.name,
    hsn: input.hsnOf(item.productId),
    size: item.size,
    quantity: item.quantity,
    amountPaise: paid[index]!,
    ...splitLine(paid[index]!, item.quantity, bands, intraState),
  }));
  const feePaise = order.codFeePaise ?? 0;
  if (!Number.isSafeInteger(feePaise) || feePaise < 0) throw new Error(`A fee of ${feePaise} paise is not an amount.`);
  const lines = feePaise > 0 ? [...itemLines, feeLine(feePaise, itemLines, intraState)] : itemLines;
  return {
    orderNumber: input.orderNumber,
    seller: { ...seller },
    buyer: { name: order.addressJson.name, address: buyerAddress(order.addressJson), state: placeOfSupply },
    placeOfSupply,
    intraState,
    stateTax: stateTaxOf(seller.state),
    lines,
    totals: totalsOf(lines),
    ...(order.paymentMethod ? { paymentMethod: order.paymentMethod } : {}),
    ...(order.creditPaise ? { creditPaise: order.creditPaise } : {}),
  };
}

/** Units of one order line to credit, and how many of its units earlier credit notes took. */
export interface CreditedUnits {
  productId: number;
  size: string;
  quantity: number;
  unitsAlreadyCredited: number;
}

/**
 * A credit note against `invoice` for some units of its lines. Each line takes the cumulative
 * shares of the invoice line's amount and tax (floor(x × k / quantity), as in `paidForUnits`), at
 * the invoice line's rate, so that crediting every unit, in any steps, gives back exactly the
 * invoice line. With `creditFee`, the invoice's cash on delivery fee line is credited whole after
 * them (an order returned to origin: nothing of it was delivered). Parties, place of supply and
 * payment method are the invoice's.
 */
export function buildCreditNoteBody(input: {
  order: InvoicedOrder;
  invoice: TaxDocumentBody;
  credits: readonly CreditedUnits[];
  reason: string;
  creditFee?: boolean;
}): TaxDocumentBody {
  const { order, invoice } = input;
  // The items' lines come first, one per order item, in the order's order; the fee's line after.
  if (invoice.lines.filter((line) => !line.codFee).length !== order.itemsJson.length) {
    throw new Error(`The invoice of order ${order.id} does not have a line per order item.`);
  }
  const lines = input.credits.map((credit): TaxLine => {
    const index = lineIndexOf(order.itemsJson, credit);
    const item = order.itemsJson[index]!;
    const invoiced = invoice.lines[index]!;
    checkUnits(item, credit.quantity, credit.unitsAlreadyCredited);
    const before = credit.unitsAlreadyCredited;
    const after = before + credit.quantity;
    const share = (total: number) =>
      cumulativeShare(total, after, item.quantity) - cumulativeShare(total, before, item.quantity);
    const taxOf = (line: TaxLine) => line.cgstPaise + line.sgstPaise + line.igstPaise;
    const amountPaise = share(invoiced.amountPaise);
    const taxPaise = share(taxOf(invoiced));
    // CGST's share is taken from the cumulative tax too, so the halves also end at the invoice's.
    const cgstPaise = invoice.intraState
      ? Math.ceil(cumulativeShare(taxOf(invoiced), after, item.quantity) / 2) -
        Math.ceil(cumulativeShare(taxOf(invoiced), before, item.quantity) / 2)
      : 0;
    const line: TaxLine = {
      description: invoiced.description,
      hsn: invoiced.hsn,
      size: invoiced.size,
      quantity: credit.quantity,
      amountPaise,
      taxablePaise: amountPaise - taxPaise,
      ratePercent: invoiced.ratePercent,
      cgstPaise,
      sgstPaise: invoice.intraState ? taxPaise - cgstPaise : 0,
      igstPaise: invoice.intraState ? 0 : taxPaise,
    };
    // Only a line that paid less than a paisa per unit of taxable value could get here.
    if (line.taxablePaise < 0 || line.sgstPaise < 0) {
      throw new Error(`A credit of order ${order.id} would have a negative part: ${JSON.stringify(line)}`);
    }
    return line;
  });
  const fee = input.creditFee ? invoice.lines.find((line) => line.codFee) : undefined;
  if (fee) lines.push({ ...fee });
  return {
    orderNumber: invoice.orderNumber,
    seller: { ...invoice.seller },
    buyer: { ...invoice.buyer },
    placeOfSupply: invoice.placeOfSupply,
    intraState: invoice.intraState,
    ...(invoice.stateTax && { stateTax: invoice.stateTax }),
    lines,
    totals: totalsOf(lines),
    reason: input.reason,
    ...(invoice.paymentMethod && { paymentMethod: invoice.paymentMethod }),
  };
}
