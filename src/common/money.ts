// Money is integer paise everywhere (ADR 0003). This is the one place that turns it into text
// and back.

const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 129900 → "₹1,299.00"; 12999900 → "₹1,29,999.00". */
export function formatPaise(paise: number): string {
  return rupees.format(paise / 100);
}

const wholeRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/**
 * 1000000 → "₹10,000"; 29950 → "₹299.50": no paise when there are none, for amounts in a sentence
 * (cash on delivery's limits, its amount to pay, the saving for paying online).
 */
export function formatPaiseShort(paise: number): string {
  return paise % 100 === 0 ? wholeRupees.format(paise / 100) : formatPaise(paise);
}

const amounts = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 129900 → "1,299.00": the amount alone, for tax documents whose PDF fonts cannot draw '₹' (their columns say INR). */
export function formatPaiseAmount(paise: number): string {
  return amounts.format(paise / 100);
}

export function rupeesToPaise(rupeeAmount: number): number {
  return Math.round(rupeeAmount * 100);
}

/**
 * Parses an amount typed by a person ("₹1,299", "1,299.00", "Rs. 1299") into paise.
 * Returns null for anything that is not a plain non-negative amount with at most two decimals.
 */
export function parseRupeesToPaise(input: string): number | null {
  const cleaned = input
    .trim()
    .replace(/^(₹|rs\.?|inr)\s*/i, '')
    .replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
