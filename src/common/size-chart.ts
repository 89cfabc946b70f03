// Size charts and fit advice (ADR 0030): the measurements a chart shows, how they read
// in centimetres and inches, and the one rule that suggests a size from a chest measurement.
// Measurements are garment measurements in millimetres (so no fractions are stored); the body's
// chest needs some room inside the garment, and how much depends on the cut (CHEST_EASE_MM).
import { SIZES, type CategorySlug } from './catalog.ts';

export const MEASUREMENTS = [
  { key: 'chestMm', label: 'Chest', how: 'Garment laid flat: across the chest just below the armholes, doubled.' },
  { key: 'lengthMm', label: 'Length', how: 'From the highest point of the shoulder straight down to the hem.' },
  { key: 'shoulderMm', label: 'Shoulder', how: 'From one shoulder seam to the other, across the back.' },
  { key: 'sleeveMm', label: 'Sleeve', how: 'From the shoulder seam to the end of the sleeve.' },
] as const;
export type MeasurementKey = (typeof MEASUREMENTS)[number]['key'];

/** How to measure yourself for the fit advice. */
export const HOW_TO_MEASURE_YOUR_CHEST =
  'Measure around the fullest part of your chest, under the arms, keeping the tape level and snug but not tight.';

/** One size's row of a chart; `own` when the product has its own measurements for it. */
export interface SizeChartRow {
  size: string;
  chestMm: number;
  lengthMm: number;
  shoulderMm: number;
  sleeveMm: number;
  own: boolean;
}

/** The garment phrase a shopper knows a category by: "You bought M in Regular Fit Tees". */
export const CATEGORY_GARMENTS: Record<CategorySlug, string> = {
  jackets: 'Jackets',
  sweatshirts: 'Sweatshirts',
  oversized: 'Oversized Tees',
  'regular-fit': 'Regular Fit Tees',
  polos: 'Polos',
};

/**
 * The room each cut leaves around the chest, garment chest minus body chest, in millimetres: a
 * regular tee sits close, a polo a little looser, a sweatshirt and a jacket are worn over
 * something, an oversized tee is cut 20 cm wider on purpose. A product without a category is
 * taken as a regular tee.
 */
const CHEST_EASE_MM: Record<CategorySlug, number> = {
  'regular-fit': 60,
  polos: 80,
  sweatshirts: 140,
  jackets: 160,
  oversized: 200,
};

function chestEaseMm(category: string | null | undefined): number {
  return CHEST_EASE_MM[(category ?? 'regular-fit') as CategorySlug] ?? CHEST_EASE_MM['regular-fit'];
}

/** Centimetres as the chart writes them: '104' or '104.5'. */
export function formatCm(mm: number): string {
  return (mm / 10).toFixed(mm % 10 === 0 ? 0 : 1);
}

/** Inches, to one decimal: '41.0'. */
export function formatInches(mm: number): string {
  return (mm / 25.4).toFixed(1);
}

/** The smallest and largest chest a shopper may enter, in millimetres (60 to 180 cm). */
export const CHEST_RANGE_MM = { min: 600, max: 1800 } as const;

export type FitSuggestion =
  | { size: string; fits: 'well' }
  /** Even the largest size leaves less room than the cut means to: it may be snug. */
  | { size: string; fits: 'snug' };

/**
 * The size to suggest for a body chest (mm) in a chart of a given cut: the smallest size, in size
 * order, whose garment chest leaves the cut's room around the body; when none does, the largest,
 * marked snug. Undefined for an empty chart.
 */
export function suggestSize(
  rows: readonly Pick<SizeChartRow, 'size' | 'chestMm'>[],
  bodyChestMm: number,
  category: string | null | undefined,
): FitSuggestion | undefined {
  const ordered = [...rows].sort((a, b) => SIZES.indexOf(a.size as never) - SIZES.indexOf(b.size as never));
  const needed = bodyChestMm + chestEaseMm(category);
  const fitting = ordered.find((row) => row.chestMm >= needed);
  if (fitting) return { size: fitting.size, fits: 'well' };
  const largest = ordered.at(-1);
  return largest ? { size: largest.size, fits: 'snug' } : undefined;
}

/** The body chest a size that was bought suggests: its garment chest less its cut's room. */
export function bodyChestFromPurchase(bought: Pick<SizeChartRow, 'chestMm'>, category: string | null | undefined) {
  return bought.chestMm - chestEaseMm(category);
}

/** Chart rows by size, with only their four measurements: what the admin's chart form shows. */
export function bySize(
  rows: readonly ({ size: string } & Record<MeasurementKey, number>)[],
): Partial<Record<string, Record<MeasurementKey, number>>> {
  return Object.fromEntries(
    rows.map((row) => [
      row.size,
      { chestMm: row.chestMm, lengthMm: row.lengthMm, shoulderMm: row.shoulderMm, sleeveMm: row.sleeveMm },
    ]),
  );
}
