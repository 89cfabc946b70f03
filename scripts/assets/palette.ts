// Colours: the brand's, hex arithmetic, and the palette a garment is drawn in from its base and accent.

export const BRAND = { ink: '#101012', paper: '#f4efe6', orange: '#ff5a1f', yellow: '#ffd23f' };

type Rgb = [number, number, number];
function toRgb(hex: string): Rgb {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.max(0, Math.min(255, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
/** Linear mix: t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const x = toRgb(a);
  const y = toRgb(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}
export const shade = (c: string, t: number) => mix(c, '#000000', t);
export const tint = (c: string, t: number) => mix(c, '#ffffff', t);
export function lum(c: string): number {
  const [r, g, b] = toRgb(c);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

export interface Palette {
  base: string;
  accent: string;
  /** Accent pulled towards the base: secondary print colour. */
  a2: string;
  /** Slightly darker base for ribbing and hems. */
  rib: string;
  /** Contrasting line colour for seams and stitching. */
  line: string;
  /** Inside of the garment (neck opening, hood lining). */
  inside: string;
}

export function palette(base: string, accent: string): Palette {
  const dark = lum(base) < 0.3;
  return {
    base,
    accent,
    a2: mix(accent, base, 0.42),
    rib: dark ? tint(base, 0.07) : shade(base, 0.1),
    line: dark ? tint(base, 0.2) : shade(base, 0.26),
    inside: dark ? tint(base, 0.12) : shade(base, 0.3),
  };
}
