// The demo store's size charts, per category (ADR 0030): garment measurements in centimetres,
// from XS to XXL, as Indian streetwear labels cut them. Each cut's chest leaves the room of
// common/size-chart.ts CHEST_EASE_MM, so the same body is the same size across categories.
import type { CategorySlug } from '../../common/catalog.ts';

type Column = [xs: number, s: number, m: number, l: number, xl: number, xxl: number];
type Measure = 'chest' | 'length' | 'shoulder' | 'sleeve';
type DemoChart = Record<Measure, Column>;

/** How much each size up adds, in centimetres: every cut is graded the same way. */
const GRADE: Record<Measure, number> = { chest: 5, length: 2, shoulder: 2, sleeve: 1 };

/** A cut's chart from its XS measurements, graded up to XXL. */
function graded(xs: Record<Measure, number>): DemoChart {
  const column = (measure: Measure) =>
    Array.from({ length: 6 }, (_, step) => xs[measure] + step * GRADE[measure]) as Column;
  return { chest: column('chest'), length: column('length'), shoulder: column('shoulder'), sleeve: column('sleeve') };
}

export const DEMO_SIZE_CHARTS: Record<CategorySlug, DemoChart> = {
  'regular-fit': graded({ chest: 96, length: 66, shoulder: 41, sleeve: 19 }),
  oversized: graded({ chest: 110, length: 68, shoulder: 50, sleeve: 22 }),
  polos: graded({ chest: 98, length: 67, shoulder: 42, sleeve: 20 }),
  sweatshirts: graded({ chest: 104, length: 64, shoulder: 44, sleeve: 60 }),
  jackets: graded({ chest: 106, length: 66, shoulder: 44, sleeve: 62 }),
};
