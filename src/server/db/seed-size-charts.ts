// The demo store's size charts, per category (ADR 0030): garment measurements in centimetres,
// from XS to XXL, as Indian streetwear labels cut them. Each cut's chest leaves the room of
// common/size-chart.ts CHEST_EASE_MM, so the same body is the same size across categories.
import type { CategorySlug } from '../../common/catalog.ts';

type Column = [xs: number, s: number, m: number, l: number, xl: number, xxl: number];

interface DemoChart {
  chest: Column;
  length: Column;
  shoulder: Column;
  sleeve: Column;
}

export const DEMO_SIZE_CHARTS: Record<CategorySlug, DemoChart> = {
  'regular-fit': {
    chest: [96, 101, 106, 111, 116, 121],
    length: [66, 68, 70, 72, 74, 76],
    shoulder: [41, 43, 45, 47, 49, 51],
    sleeve: [19, 20, 21, 22, 23, 24],
  },
  oversized: {
    chest: [110, 115, 120, 125, 130, 135],
    length: [68, 70, 72, 74, 76, 78],
    shoulder: [50, 52, 54, 56, 58, 60],
    sleeve: [22, 23, 24, 25, 26, 27],
  },
  polos: {
    chest: [98, 103, 108, 113, 118, 123],
    length: [67, 69, 71, 73, 75, 77],
    shoulder: [42, 44, 46, 48, 50, 52],
    sleeve: [20, 21, 22, 23, 24, 25],
  },
  sweatshirts: {
    chest: [104, 109, 114, 119, 124, 129],
    length: [64, 66, 68, 70, 72, 74],
    shoulder: [44, 46, 48, 50, 52, 54],
    sleeve: [60, 61, 62, 63, 64, 65],
  },
  jackets: {
    chest: [106, 111, 116, 121, 126, 131],
    length: [66, 68, 70, 72, 74, 76],
    shoulder: [44, 46, 48, 50, 52, 54],
    sleeve: [62, 63, 64, 65, 66, 67],
  },
};
