// Draws every static image and the hero video the store ships with (SPEC §2 home page, §3 product images).
// Deterministic: shapes come from the seed catalogue and a seeded PRNG; SVG is rasterised with sharp and the
// hero frames are piped to ffmpeg. Existing files are kept unless run with --force.
//
//   node scripts/generate-assets.ts [--force]
//
// Writes, under public/:
//   images/products/{slug}-{n}-{w}.webp     n = 1..imageCount (front, back, print close-up, flat-lay), w in IMAGE_WIDTHS
//   images/collections/{slug}-{w}.webp      home page collection tiles (4:5)
//   images/categories/{slug}-{w}.webp       home page category tiles (4:5)
//   media/hero.mp4                          7 s 1280x720 H.264 loop, muted, no audio track, at most 2 MB
//   media/hero-poster-{640,960,1280}.webp       first frame of the hero
//   favicon.svg, favicon.ico, apple-touch-icon.png
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import sharp from 'sharp';

import { CATEGORIES, COLLECTIONS, IMAGE_WIDTHS } from '../src/common/catalog.ts';
import type { CategorySlug, CollectionSlug } from '../src/common/catalog.ts';
import { SEED_PRODUCTS } from '../src/server/db/seed-catalog.ts';
import type { SeedProduct } from '../src/server/db/seed-catalog.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PUBLIC = join(ROOT, 'public');
const FORCE = process.argv.includes('--force');
const POOL = Math.max(2, Math.min(4, availableParallelism()));
const WEBP_QUALITY = 70;
/** Byte budget for a 960 px product image; smaller widths scale it by area. */
const WEBP_BUDGET = 36 * 1024;
const HERO = { width: 1280, height: 720, fps: 24, seconds: 7, maxBytes: 2 * 1024 * 1024 };
const HERO_POSTER_WIDTHS = [640, 960, 1280] as const;

// The 400x500 drawing space every garment and tile uses (4:5).
const VW = 400;
const VH = 500;

const BRAND = { ink: '#101012', paper: '#f4efe6', orange: '#ff5a1f', yellow: '#ffd23f' };

sharp.concurrency(1);

// ------------------------------------------------------------------------------------------------ small helpers

function item<T>(list: readonly T[], index: number): T {
  const value = list[((index % list.length) + list.length) % list.length];
  if (value === undefined) throw new Error('empty list');
  return value;
}

/** FNV-1a hash of a string, used to seed the PRNG. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a tiny seeded PRNG returning floats in [0, 1). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;

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
function mix(a: string, b: string, t: number): string {
  const x = toRgb(a);
  const y = toRgb(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}
const shade = (c: string, t: number) => mix(c, '#000000', t);
const tint = (c: string, t: number) => mix(c, '#ffffff', t);
function lum(c: string): number {
  const [r, g, b] = toRgb(c);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

interface Palette {
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

function palette(base: string, accent: string): Palette {
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

// ------------------------------------------------------------------------------------------------ print motifs
// Each motif is drawn in a 100x100 box centred on the origin, then placed with `place`.

type Motif = (p: Palette, rnd: () => number) => string;

function starPath(cx: number, cy: number, outer: number, inner: number, points: number, rot = -90): string {
  const pts: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = ((rot + (i * 180) / points) * Math.PI) / 180;
    pts.push(`${r1(cx + r * Math.cos(a))} ${r1(cy + r * Math.sin(a))}`);
  }
  return `M${pts.join(' L')}Z`;
}
function sparkle(cx: number, cy: number, r: number, fill: string): string {
  return `<path d="M${cx} ${cy - r} Q${cx} ${cy} ${cx + r} ${cy} Q${cx} ${cy} ${cx} ${cy + r} Q${cx} ${cy} ${cx - r} ${cy} Q${cx} ${cy} ${cx} ${cy - r}Z" fill="${fill}"/>`;
}
function flowerHead(cx: number, cy: number, r: number, petal: string, centre: string): string {
  let s = '';
  for (let i = 0; i < 10; i++) {
    const a = (i * Math.PI) / 5;
    s += `<circle cx="${r1(cx + Math.cos(a) * r * 0.62)}" cy="${r1(cy + Math.sin(a) * r * 0.62)}" r="${r1(r * 0.5)}" fill="${petal}"/>`;
  }
  return `${s}<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r * 0.45)}" fill="${centre}"/>`;
}

const MOTIFS: Record<string, Motif> = {
  smiley: (p) =>
    `<circle r="46" fill="${p.accent}"/><ellipse cx="-15" cy="-12" rx="6" ry="10" fill="${p.base}"/>` +
    `<ellipse cx="15" cy="-12" rx="6" ry="10" fill="${p.base}"/>` +
    `<path d="M-27 8 Q0 40 27 8" fill="none" stroke="${p.base}" stroke-width="7" stroke-linecap="round"/>`,
  rocket: (p) =>
    `${sparkle(-36, -34, 9, p.a2)}${sparkle(38, 30, 7, p.a2)}${sparkle(-30, 36, 5, p.accent)}` +
    `<g transform="rotate(35)"><path d="M-10 24 Q0 62 10 24Z" fill="${p.a2}"/>` +
    `<path d="M-16 6 L-31 32 L-14 25Z M16 6 L31 32 L14 25Z" fill="${p.a2}"/>` +
    `<path d="M0 -50 C19 -32 21 -4 16 24 L-16 24 C-21 -4 -19 -32 0 -50Z" fill="${p.accent}"/>` +
    `<circle cy="-12" r="8" fill="${p.base}" stroke="${p.a2}" stroke-width="4"/></g>`,
  gamepad: (p) =>
    `<path d="M-38 -22 L38 -22 Q48 -22 48 -10 L50 18 Q51 34 38 34 Q29 34 24 22 L-24 22 Q-29 34 -38 34 Q-51 34 -50 18 L-48 -10 Q-48 -22 -38 -22Z" fill="${p.accent}"/>` +
    `<path d="M-28 -11 h7 v8 h8 v7 h-8 v8 h-7 v-8 h-8 v-7 h8z" fill="${p.base}"/>` +
    `<circle cx="22" cy="-6" r="5" fill="${p.base}"/><circle cx="33" cy="2" r="5" fill="${p.base}"/>` +
    `<circle cx="22" cy="10" r="5" fill="${p.a2}"/><circle cx="11" cy="2" r="5" fill="${p.a2}"/>` +
    `<rect x="-9" y="-14" width="7" height="3.5" rx="1.7" fill="${p.base}"/><rect x="2" y="-14" width="7" height="3.5" rx="1.7" fill="${p.base}"/>`,
  waves: (p) =>
    [-30, -10, 10, 30]
      .map((y, i) => {
        const a = 9 - i;
        return `<path d="M-48 ${y} Q-42 ${y - a} -36 ${y} T-24 ${y} T-12 ${y} T0 ${y} T12 ${y} T24 ${y} T36 ${y} T48 ${y}" fill="none" stroke="${i % 2 ? p.a2 : p.accent}" stroke-width="6" stroke-linecap="round"/>`;
      })
      .join(''),
  lightning: (p) =>
    `<path d="M14 -50 L-26 6 L-2 6 L-14 50 L30 -12 L6 -12 L22 -50Z" fill="${p.a2}" transform="translate(5 4)"/>` +
    `<path d="M14 -50 L-26 6 L-2 6 L-14 50 L30 -12 L6 -12 L22 -50Z" fill="${p.accent}"/>`,
  flame: (p) => {
    const d =
      'M0 50 C-34 50 -44 22 -34 -2 C-28 -16 -18 -22 -16 -36 C-6 -28 -4 -18 -6 -10 C2 -26 10 -40 4 -54 C26 -40 40 -16 36 10 C44 4 44 -6 42 -12 C52 6 50 30 36 42 C26 50 12 50 0 50Z';
    return `<path d="${d}" fill="${p.accent}"/><path d="${d}" fill="${p.a2}" transform="translate(0 22) scale(0.55)"/>`;
  },
  chain: (p) => {
    let s = '';
    for (let i = 0; i <= 8; i++) {
      const x = -44 + i * 11;
      const y = 0.014 * x * x - 22;
      const ang = (Math.atan(0.028 * x) * 180) / Math.PI;
      const ry = i % 2 ? 2.5 : 5.5;
      s += `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="8" ry="${ry}" transform="rotate(${r1(ang)} ${r1(x)} ${r1(y)})" fill="none" stroke="${p.accent}" stroke-width="3.5"/>`;
    }
    return `${s}<path d="M0 -14 L14 4 L0 30 L-14 4Z" fill="${p.accent}"/><path d="M0 -14 L0 30 M-14 4 L14 4" stroke="${p.a2}" stroke-width="2"/>`;
  },
  crown: (p) =>
    `<path d="M-40 24 L-45 -24 L-20 -2 L0 -36 L20 -2 L45 -24 L40 24Z" fill="${p.accent}"/>` +
    `<rect x="-41" y="14" width="82" height="15" rx="3" fill="${p.a2}"/>` +
    `<circle cx="-45" cy="-26" r="6" fill="${p.accent}"/><circle cx="0" cy="-38" r="6" fill="${p.accent}"/><circle cx="45" cy="-26" r="6" fill="${p.accent}"/>` +
    `<circle cx="-22" cy="21.5" r="4" fill="${p.base}"/><circle cx="0" cy="21.5" r="4" fill="${p.base}"/><circle cx="22" cy="21.5" r="4" fill="${p.base}"/>`,
  mirror: (p) => {
    let s = '';
    for (const [x, y] of [
      [0, -30],
      [-26, 0],
      [26, 0],
      [0, 30],
      [0, 0],
    ] as const) {
      s += `<path d="M${x} ${y - 18} L${x + 18} ${y} L${x} ${y + 18} L${x - 18} ${y}Z" fill="none" stroke="${p.accent}" stroke-width="3"/>`;
      s += `<circle cx="${x}" cy="${y}" r="6" fill="#f7f7f2" stroke="${p.accent}" stroke-width="2"/>`;
    }
    return s;
  },
  peacock: (p) => {
    let barbs = '';
    for (let i = 0; i < 7; i++) {
      const y = 44 - i * 7;
      barbs += `<path d="M${r1(-2 + i * 0.4)} ${y} q-14 -6 -20 -16 M${r1(-1 + i * 0.4)} ${y} q12 -6 18 -16" stroke="${p.a2}" stroke-width="2" fill="none"/>`;
    }
    return (
      `${barbs}<path d="M-2 52 Q-6 10 4 -40" stroke="${p.a2}" stroke-width="3.5" fill="none"/>` +
      `<path d="M4 -50 C30 -42 34 -6 10 18 C0 28 -6 28 -9 20 C-26 -4 -18 -42 4 -50Z" fill="${p.accent}"/>` +
      `<ellipse cx="4" cy="-14" rx="15" ry="19" fill="${p.a2}"/><ellipse cx="4" cy="-12" rx="9.5" ry="12.5" fill="${p.base}"/>` +
      `<ellipse cx="4" cy="-10" rx="4.5" ry="6.5" fill="${p.accent}"/>`
    );
  },
  dandiya: (p) => {
    let s = '';
    for (const rot of [-32, 32]) {
      s += `<g transform="rotate(${rot})"><rect x="-5" y="-50" width="10" height="98" rx="5" fill="${p.accent}"/>`;
      for (const y of [-34, -10, 14]) s += `<rect x="-5" y="${y}" width="10" height="6" fill="${p.a2}"/>`;
      s += `<path d="M0 48 L-7 60 M0 48 L0 62 M0 48 L7 60" stroke="${p.a2}" stroke-width="2.5" stroke-linecap="round"/></g>`;
    }
    return `${s}<circle cx="-40" cy="-6" r="4" fill="${p.a2}"/><circle cx="40" cy="-6" r="4" fill="${p.a2}"/><circle cx="0" cy="-46" r="4" fill="${p.accent}"/>`;
  },
  planet: (p) =>
    `${sparkle(-38, -36, 8, p.a2)}${sparkle(40, -30, 6, p.accent)}${sparkle(34, 38, 7, p.a2)}` +
    `<ellipse rx="50" ry="13" transform="rotate(-18)" fill="none" stroke="${p.a2}" stroke-width="6"/>` +
    `<circle r="27" fill="${p.accent}"/><path d="M-24 -8 Q0 -2 25 -12 M-26 8 Q0 14 26 2" stroke="${p.a2}" stroke-width="3" fill="none" opacity="0.6"/>` +
    `<path d="M-50 0 A50 13 0 0 0 50 0" transform="rotate(-18)" fill="none" stroke="${p.a2}" stroke-width="6"/>`,
  cassette: (p) =>
    `<rect x="-48" y="-31" width="96" height="62" rx="6" fill="${p.accent}"/>` +
    `<rect x="-39" y="-23" width="78" height="34" rx="4" fill="${p.a2}"/>` +
    `<rect x="-26" y="-15" width="52" height="18" rx="9" fill="${p.base}"/>` +
    `<circle cx="-15" cy="-6" r="6" fill="${p.accent}"/><circle cx="15" cy="-6" r="6" fill="${p.accent}"/>` +
    `<circle cx="-15" cy="-6" r="2.4" fill="${p.base}"/><circle cx="15" cy="-6" r="2.4" fill="${p.base}"/>` +
    `<path d="M-26 31 L-20 18 L20 18 L26 31Z" fill="${p.a2}"/><line x1="-33" y1="-19" x2="33" y2="-19" stroke="${p.accent}" stroke-width="1.5"/>` +
    `<circle cx="-43" cy="-26" r="2" fill="${p.a2}"/><circle cx="43" cy="-26" r="2" fill="${p.a2}"/>`,
  dots: (p) => {
    let s = '';
    for (const [x, y] of [
      [-24, -24],
      [24, -24],
      [0, 0],
      [-24, 24],
      [24, 24],
    ] as const) {
      for (const [dx, dy] of [
        [0, -7],
        [7, 0],
        [0, 7],
        [-7, 0],
      ] as const)
        s += `<circle cx="${x + dx}" cy="${y + dy}" r="3.6" fill="${p.accent}"/>`;
    }
    return s;
  },
  kite: (p) =>
    `<path d="M2 40 Q-14 52 -4 62 Q8 72 -10 82" fill="none" stroke="${p.a2}" stroke-width="2.5" transform="translate(6 -30)"/>` +
    `<g transform="translate(0 -6) rotate(14)"><path d="M0 -44 L32 -6 L0 38 L-32 -6Z" fill="${p.accent}"/>` +
    `<path d="M0 -44 L0 38 M-32 -6 L32 -6" stroke="${p.base}" stroke-width="2.5"/><path d="M0 38 L-7 48 L7 48Z" fill="${p.a2}"/></g>` +
    `<path d="M-6 40 l-8 -5 l0 10z M-6 40 l8 -5 l0 10z" fill="${p.accent}"/>`,
  dino: (p) => {
    let spikes = '';
    for (const x of [-22, -10, 2, 13])
      spikes += `<path d="M${x - 6} ${x > 8 ? -6 : -9} L${x} ${x > 8 ? -18 : -21} L${x + 6} ${x > 8 ? -6 : -9}Z" fill="${p.a2}"/>`;
    return (
      `${spikes}<ellipse cx="-4" cy="8" rx="31" ry="20" fill="${p.accent}"/>` +
      `<path d="M12 -2 Q20 -30 30 -36 L44 -36 Q53 -34 51 -24 Q49 -17 38 -18 Q31 -10 28 8Z" fill="${p.accent}"/>` +
      `<path d="M-30 2 Q-46 -2 -52 -16 Q-44 14 -18 22Z" fill="${p.accent}"/>` +
      `<rect x="-20" y="18" width="11" height="22" rx="4" fill="${p.accent}"/><rect x="6" y="18" width="11" height="22" rx="4" fill="${p.accent}"/>` +
      `<circle cx="41" cy="-29" r="3.2" fill="${p.base}"/><path d="M40 -22 Q45 -20 49 -23" stroke="${p.base}" stroke-width="2" fill="none"/>`
    );
  },
  mandala: (p) => {
    let s = `<circle r="48" fill="none" stroke="${p.accent}" stroke-width="2.5"/>`;
    for (let i = 0; i < 16; i++)
      s += `<ellipse cy="-36" rx="5" ry="10" fill="${p.accent}" transform="rotate(${i * 22.5})"/>`;
    s += `<circle r="27" fill="${p.a2}"/>`;
    for (let i = 0; i < 8; i++)
      s += `<ellipse cy="-18" rx="6.5" ry="11" fill="${p.accent}" transform="rotate(${i * 45 + 22.5})"/>`;
    return `${s}<circle r="9" fill="${p.base}"/><circle r="4.5" fill="${p.accent}"/>`;
  },
  marigold: (p) => {
    const leaf = mix('#2d6a4f', p.base, 0.25);
    let s = `<path d="M-50 -26 Q0 24 50 -26" fill="none" stroke="${p.a2}" stroke-width="2"/>`;
    for (let i = 0; i < 7; i++) {
      const t = i / 6;
      const x = -50 + 100 * t;
      const y = (1 - t) * (1 - t) * -26 + 2 * (1 - t) * t * 24 + t * t * -26;
      if (i % 2 === 1) {
        s += `<line x1="${r1(x)}" y1="${r1(y)}" x2="${r1(x)}" y2="${r1(y + 26)}" stroke="${p.a2}" stroke-width="1.5"/>`;
        s += `<ellipse cx="${r1(x - 5)}" cy="${r1(y + 14)}" rx="5" ry="2.5" fill="${leaf}" transform="rotate(-30 ${r1(x - 5)} ${r1(y + 14)})"/>`;
        s += flowerHead(x, y + 30, 6, p.accent, p.a2);
      }
      s += `<ellipse cx="${r1(x + 7)}" cy="${r1(y - 6)}" rx="6" ry="3" fill="${leaf}" transform="rotate(-25 ${r1(x + 7)} ${r1(y - 6)})"/>`;
      s += flowerHead(x, y, 9, p.accent, p.a2);
    }
    return s;
  },
  diamond: (p) =>
    `${sparkle(38, -36, 8, p.accent)}${sparkle(-40, 26, 6, p.a2)}` +
    `<path d="M-40 -14 L-22 -36 L22 -36 L40 -14 L0 42Z" fill="${p.accent}"/>` +
    `<path d="M-40 -14 L40 -14 M-22 -36 L-12 -14 L0 -36 L12 -14 L22 -36 M-12 -14 L0 42 L12 -14" fill="none" stroke="${p.base}" stroke-width="2.5" stroke-linejoin="round"/>`,
  stars: (p) =>
    `<path d="${starPath(0, 2, 36, 15, 5)}" fill="${p.accent}"/><path d="${starPath(-38, -34, 11, 4.5, 5)}" fill="${p.a2}"/>` +
    `<path d="${starPath(38, -30, 13, 5.5, 5)}" fill="${p.accent}"/><path d="${starPath(34, 38, 9, 4, 5)}" fill="${p.a2}"/>` +
    `<path d="${starPath(-36, 34, 8, 3.5, 5)}" fill="${p.accent}"/>`,
  rainbow: (p) => {
    const cloud = lum(p.base) > 0.85 ? '#cfe3f6' : '#ffffff';
    const cols = [p.accent, '#ffbe0b', '#3a86ff', '#8ac926'];
    let s = '';
    cols.forEach((c, i) => {
      const r = 46 - i * 9;
      s += `<path d="M${-r} 22 A${r} ${r} 0 0 1 ${r} 22" fill="none" stroke="${c}" stroke-width="9"/>`;
    });
    for (const x of [-36, 36])
      s += `<g fill="${cloud}"><circle cx="${x - 8}" cy="26" r="9"/><circle cx="${x + 3}" cy="20" r="12"/><circle cx="${x + 13}" cy="28" r="8"/><rect x="${x - 17}" y="26" width="38" height="10" rx="5"/></g>`;
    return s;
  },
  cloud: (p) => {
    const c = (x: number, y: number, k: number, fill: string) =>
      `<g transform="translate(${x} ${y}) scale(${k})" fill="${fill}"><circle cx="-20" cy="6" r="16"/><circle cx="0" cy="-6" r="21"/><circle cx="21" cy="6" r="15"/><rect x="-36" y="4" width="72" height="18" rx="9"/></g>`;
    return c(-4, 10, 1, p.accent) + c(28, -30, 0.5, p.a2) + c(-30, -30, 0.38, p.a2);
  },
  drip: (p, rnd) => {
    let s = `<rect x="-50" y="-50" width="100" height="16" fill="${p.accent}"/>`;
    for (let i = 0; i < 9; i++) {
      const x = -44 + i * 11;
      const len = 12 + Math.floor(rnd() * 58);
      s += `<rect x="${x - 4}" y="-40" width="8" height="${len}" rx="4" fill="${p.accent}"/>`;
      if (rnd() > 0.55) s += `<circle cx="${x}" cy="${-40 + len + 8}" r="3.2" fill="${p.accent}"/>`;
    }
    return s;
  },
  speaker: (p) =>
    `<path d="M38 -16 Q48 0 38 16 M46 -28 Q62 0 46 28 M-38 -16 Q-48 0 -38 16 M-46 -28 Q-62 0 -46 28" fill="none" stroke="${p.accent}" stroke-width="4" stroke-linecap="round"/>` +
    `<rect x="-30" y="-47" width="60" height="94" rx="6" fill="${p.accent}"/>` +
    `<circle cy="18" r="21" fill="${p.base}"/><circle cy="18" r="13" fill="${p.a2}"/><circle cy="18" r="5" fill="${p.accent}"/>` +
    `<circle cy="-25" r="11" fill="${p.base}"/><circle cy="-25" r="5" fill="${p.a2}"/>`,
  eye: (p) => {
    let rays = '';
    for (let i = 0; i < 9; i++) {
      const a = ((-160 + i * 17.5) * Math.PI) / 180;
      rays += `<line x1="${r1(Math.cos(a) * 36)}" y1="${r1(6 + Math.sin(a) * 34)}" x2="${r1(Math.cos(a) * 50)}" y2="${r1(6 + Math.sin(a) * 48)}" stroke="${p.accent}" stroke-width="4" stroke-linecap="round"/>`;
    }
    return (
      `${rays}<path d="M-46 8 Q0 -32 46 8 Q0 44 -46 8Z" fill="${p.a2}" stroke="${p.accent}" stroke-width="5"/>` +
      `<circle cy="8" r="15" fill="${p.accent}"/><circle cy="8" r="6" fill="${p.base}"/><circle cx="5" cy="3" r="2.5" fill="#ffffff" opacity="0.8"/>`
    );
  },
  dhol: (p) => {
    let zig = 'M-30 -24';
    for (let i = 1; i <= 6; i++) zig += ` L${-30 + i * 10} ${i % 2 ? 24 : -24}`;
    return (
      `<path d="M-36 -24 Q0 -64 36 -24" fill="none" stroke="${p.a2}" stroke-width="3"/>` +
      `<path d="M-36 -27 Q0 -35 36 -27 L36 27 Q0 35 -36 27Z" fill="${p.accent}"/>` +
      `<path d="${zig}" fill="none" stroke="${p.base}" stroke-width="2.5"/>` +
      `<ellipse cx="-36" rx="8" ry="27" fill="${p.a2}"/><ellipse cx="36" rx="8" ry="27" fill="${tint(p.accent, 0.2)}" stroke="${p.a2}" stroke-width="2.5"/>` +
      `<path d="M-46 46 L-24 30 M46 46 L26 30" stroke="${p.a2}" stroke-width="4" stroke-linecap="round"/>`
    );
  },
  lotus: (p) => {
    const petal = 'M0 30 C-14 10 -14 -20 0 -42 C14 -20 14 10 0 30Z';
    let s = '';
    for (const [rot, k, fill] of [
      [-62, 0.7, p.a2],
      [62, 0.7, p.a2],
      [-30, 0.88, p.accent],
      [30, 0.88, p.accent],
      [0, 1, p.accent],
    ] as const) {
      s += `<path d="${petal}" transform="translate(0 28) rotate(${rot}) scale(${k}) translate(0 -30)" fill="${fill}" stroke="${p.base}" stroke-width="2.5"/>`;
    }
    return `${s}<path d="M-44 40 Q-33 34 -22 40 T0 40 T22 40 T44 40" fill="none" stroke="${p.a2}" stroke-width="3"/>`;
  },
  burst: (p) =>
    `<path d="${starPath(0, 0, 50, 33, 14)}" fill="${p.accent}"/><path d="${starPath(0, 0, 39, 29, 14, -77)}" fill="#ffd23f"/>` +
    `<text x="0" y="6" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="700" font-size="17" fill="${p.accent}" transform="rotate(-8)">POW!</text>`,
  diya: (p) =>
    `<circle cy="-22" r="30" fill="${p.accent}" opacity="0.16"/><circle cy="-22" r="18" fill="${p.accent}" opacity="0.22"/>` +
    `<path d="M0 -50 C13 -32 13 -12 0 -6 C-13 -12 -13 -32 0 -50Z" fill="${tint(p.accent, 0.35)}"/>` +
    `<path d="M0 -36 C6 -26 6 -14 0 -11 C-6 -14 -6 -26 0 -36Z" fill="#fff6d8"/>` +
    `<path d="M-42 4 L42 4 Q36 34 0 36 Q-36 34 -42 4Z" fill="${p.accent}"/><ellipse cy="4" rx="42" ry="6" fill="${p.a2}"/>` +
    `<ellipse cy="40" rx="16" ry="5" fill="${p.a2}"/><circle cx="-18" cy="18" r="3" fill="${p.base}"/><circle cy="22" r="3" fill="${p.base}"/><circle cx="18" cy="18" r="3" fill="${p.base}"/>`,
  stripes: (p) =>
    [-36, -12, 12, 36]
      .map((y) => `<rect x="-48" y="${y - 6}" width="96" height="12" rx="2" fill="${p.accent}"/>`)
      .join(''),
  checks: (p) => {
    let s = '';
    for (let i = 0; i < 4; i++)
      s += `<rect x="-48" y="${-48 + i * 24}" width="96" height="12" fill="${p.accent}" opacity="0.5"/><rect x="${-48 + i * 24}" y="-48" width="12" height="96" fill="${p.accent}" opacity="0.5"/>`;
    return s;
  },
};

function motif(name: string, p: Palette, cx: number, cy: number, size: number, rot = 0, seed = 1): string {
  const draw = MOTIFS[name] ?? MOTIFS.stars;
  if (!draw) return '';
  return `<g transform="translate(${r1(cx)} ${r1(cy)}) rotate(${r1(rot)}) scale(${r1(size) / 100})">${draw(p, prng(seed))}</g>`;
}

/** All-over print motifs drawn as a repeating <pattern>. */
const PATTERNS = new Set(['checks', 'stripes', 'dots', 'mirror']);
/** Motifs that are scattered over the garment rather than placed once. */
const SCATTER = new Set(['stars', 'diamond']);

function patternDef(id: string, name: string, p: Palette): string {
  switch (name) {
    case 'checks':
      return `<pattern id="${id}" width="44" height="44" patternUnits="userSpaceOnUse"><rect width="44" height="22" fill="${p.accent}" opacity="0.45"/><rect width="22" height="44" fill="${p.accent}" opacity="0.45"/></pattern>`;
    case 'stripes':
      return `<pattern id="${id}" width="40" height="34" patternUnits="userSpaceOnUse"><rect width="40" height="13" fill="${p.accent}"/></pattern>`;
    case 'dots':
      return (
        `<pattern id="${id}" width="36" height="36" patternUnits="userSpaceOnUse"><g fill="${p.accent}">` +
        `<circle cx="18" cy="13" r="2.6"/><circle cx="23" cy="18" r="2.6"/><circle cx="18" cy="23" r="2.6"/><circle cx="13" cy="18" r="2.6"/>` +
        `<circle cx="0" cy="0" r="2.2"/><circle cx="36" cy="0" r="2.2"/><circle cx="0" cy="36" r="2.2"/><circle cx="36" cy="36" r="2.2"/></g></pattern>`
      );
    default:
      return (
        `<pattern id="${id}" width="56" height="56" patternUnits="userSpaceOnUse"><path d="M28 5 L51 28 L28 51 L5 28Z" fill="none" stroke="${p.accent}" stroke-width="3"/>` +
        `<circle cx="28" cy="28" r="7" fill="${mix(p.accent, '#ffffff', 0.55)}"/><circle cx="0" cy="0" r="3" fill="${p.accent}"/><circle cx="56" cy="0" r="3" fill="${p.accent}"/>` +
        `<circle cx="0" cy="56" r="3" fill="${p.accent}"/><circle cx="56" cy="56" r="3" fill="${p.accent}"/></pattern>`
      );
  }
}

// ------------------------------------------------------------------------------------------------ garments

type Kind = 'tee' | 'oversized' | 'polo' | 'crew' | 'hoodie' | 'zip-hoodie' | 'jacket';
type JacketStyle = 'bomber' | 'puffer' | 'varsity' | 'denim' | 'nehru' | 'coach' | 'track' | 'utility';
type View = 'front' | 'back';

interface GarmentInput {
  slug: string;
  name: string;
  category: CategorySlug;
  art: { base: string; accent: string; print: string };
}

function kindOf(g: GarmentInput): { kind: Kind; style: JacketStyle } {
  const n = g.name.toLowerCase();
  const style: JacketStyle = n.includes('puffer')
    ? 'puffer'
    : n.includes('varsity')
      ? 'varsity'
      : n.includes('denim')
        ? 'denim'
        : n.includes('nehru')
          ? 'nehru'
          : n.includes('coach')
            ? 'coach'
            : n.includes('track')
              ? 'track'
              : n.includes('utility')
                ? 'utility'
                : 'bomber';
  switch (g.category) {
    case 'jackets':
      return { kind: 'jacket', style };
    case 'sweatshirts':
      return { kind: n.includes('zip') ? 'zip-hoodie' : n.includes('hoodie') ? 'hoodie' : 'crew', style };
    case 'oversized':
      return { kind: 'oversized', style };
    case 'polos':
      return { kind: 'polo', style };
    default:
      return { kind: 'tee', style };
  }
}

type Seg = [number, number] | [number, number, number, number];
interface Shape {
  neck: [number, number]; // right neck point; the left one mirrors it
  dipFront: number;
  dipBack: number;
  segs: Seg[]; // right half from the neck point down to the hem's right end
  sag: number;
  /** Right sleeve polygon (for contrast sleeves and seams). */
  sleeve: string;
}

const mx = (x: number) => r1(VW - x);

function segTo(s: Seg): string {
  return s.length === 2 ? `L${s[0]} ${s[1]}` : `Q${s[0]} ${s[1]} ${s[2]} ${s[3]}`;
}
function outline(sh: Shape, dip: number): string {
  const [nx, ny] = sh.neck;
  let d = `M${mx(nx)} ${ny} Q200 ${dip} ${nx} ${ny}`;
  for (const s of sh.segs) d += segTo(s);
  const last = item(sh.segs, -1);
  const [hx, hy] = last.length === 2 ? last : [last[2], last[3]];
  d += ` Q200 ${hy + sh.sag} ${mx(hx)} ${hy}`;
  const pts: [number, number][] = [
    sh.neck,
    ...sh.segs.map((s): [number, number] => (s.length === 2 ? [s[0], s[1]] : [s[2], s[3]])),
  ];
  for (let i = sh.segs.length - 1; i >= 0; i--) {
    const s = item(sh.segs, i);
    const to = item(pts, i);
    d += s.length === 2 ? `L${mx(to[0])} ${to[1]}` : `Q${mx(s[0])} ${s[1]} ${mx(to[0])} ${to[1]}`;
  }
  return `${d}Z`;
}
function mirrorPath(d: string): string {
  // Mirrors an absolute path made only of M/L/Q/C commands with x y pairs.
  return d.replace(/(-?\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?)/g, (_m, x: string, y: string) => `${mx(Number(x))} ${y}`);
}

const SHAPES: Record<'tee' | 'oversized' | 'polo' | 'long', Shape> = {
  tee: {
    neck: [232, 88],
    dipFront: 122,
    dipBack: 99,
    segs: [
      [298, 104],
      [341, 176],
      [308, 197],
      [292, 168],
      [294, 422],
    ],
    sag: 8,
    sleeve: 'M298 104 L341 176 L308 197 L292 168 Q298 132 298 104Z',
  },
  oversized: {
    neck: [236, 84],
    dipFront: 114,
    dipBack: 95,
    segs: [
      [310, 98],
      [332, 104, 338, 126],
      [376, 236],
      [328, 256],
      [314, 208],
      [316, 430],
    ],
    sag: 6,
    sleeve: 'M310 98 Q332 104 338 126 L376 236 L328 256 L314 208 Q322 150 310 98Z',
  },
  polo: {
    neck: [226, 86],
    dipFront: 104,
    dipBack: 96,
    segs: [
      [296, 102],
      [338, 170],
      [306, 191],
      [291, 166],
      [293, 424],
    ],
    sag: 8,
    sleeve: 'M296 102 L338 170 L306 191 L291 166 Q297 130 296 102Z',
  },
  long: {
    neck: [234, 86],
    dipFront: 116,
    dipBack: 96,
    segs: [
      [296, 98],
      [326, 104, 334, 136],
      [364, 370],
      [368, 406],
      [330, 410],
      [326, 374],
      [304, 196],
      [304, 434],
    ],
    sag: 6,
    sleeve: 'M296 98 Q326 104 334 136 L364 370 L326 374 L304 196 Q308 140 296 98Z',
  },
};

function shapeFor(kind: Kind): Shape {
  if (kind === 'tee') return SHAPES.tee;
  if (kind === 'oversized') return SHAPES.oversized;
  if (kind === 'polo') return SHAPES.polo;
  return SHAPES.long;
}

/** Where the main print sits for a garment and view: centre and size in the 400x500 space. */
function printSpot(kind: Kind, view: View): { x: number; y: number; s: number } {
  if (view === 'back') {
    if (kind === 'polo') return { x: 200, y: 205, s: 130 };
    if (kind === 'hoodie' || kind === 'zip-hoodie') return { x: 200, y: 300, s: 150 };
    if (kind === 'jacket') return { x: 200, y: 250, s: 170 };
    if (kind === 'oversized') return { x: 200, y: 245, s: 175 };
    return { x: 200, y: 235, s: 160 };
  }
  switch (kind) {
    case 'tee':
      return { x: 200, y: 205, s: 120 };
    case 'oversized':
      return { x: 200, y: 208, s: 140 };
    case 'crew':
      return { x: 200, y: 212, s: 130 };
    case 'hoodie':
      return { x: 200, y: 246, s: 100 };
    case 'polo':
      return { x: 252, y: 168, s: 46 };
    default:
      return { x: 254, y: 176, s: 54 };
  }
}

interface Drawn {
  svg: string;
  defs: string;
}

let idCounter = 0;
const uid = (base: string) => `${base}${(idCounter++).toString(36)}`;

function ribLines(x1: number, y1: number, x2: number, y2: number, h: number, step: number, color: string): string {
  // Short lines perpendicular-ish to the band between (x1,y1) and (x2,y2), drawn downward h units.
  const n = Math.max(2, Math.floor(Math.hypot(x2 - x1, y2 - y1) / step));
  let d = '';
  for (let i = 1; i < n; i++) {
    const t = i / n;
    const x = x1 + (x2 - x1) * t;
    const y = y1 + (y2 - y1) * t;
    d += `M${r1(x)} ${r1(y + 2)}l0 ${h - 4}`;
  }
  return `<path d="${d}" stroke="${color}" stroke-width="1.2" opacity="0.55"/>`;
}

/** Draws one garment in the 400x500 space. Returns markup plus the defs it needs. */
function drawGarment(g: GarmentInput, view: View): Drawn {
  const p = palette(g.art.base, g.art.accent);
  const { kind, style } = kindOf(g);
  const sh = shapeFor(kind);
  const hooded = kind === 'hoodie' || kind === 'zip-hoodie';
  const frontDip = hooded ? 132 : kind === 'jacket' ? 104 : sh.dipFront;
  const body = outline(sh, view === 'front' ? frontDip : sh.dipBack);
  const clip = uid('c');
  const shadeId = uid('s');
  const vshade = uid('v');
  const rnd = prng(hash(`${g.slug}:${view}`));
  let defs =
    `<clipPath id="${clip}"><path d="${body}"/></clipPath>` +
    `<linearGradient id="${shadeId}" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.2"/>` +
    `<stop offset="0.2" stop-color="#000" stop-opacity="0.03"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.07"/>` +
    `<stop offset="0.8" stop-color="#000" stop-opacity="0.03"/><stop offset="1" stop-color="#000" stop-opacity="0.2"/></linearGradient>` +
    `<linearGradient id="${vshade}" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.08"/><stop offset="1" stop-color="#000" stop-opacity="0.12"/></linearGradient>`;

  let under = '';
  let s = '';
  const [nx, ny] = sh.neck;

  // Behind the body: neck interior, hood.
  if (view === 'front') {
    if (hooded) {
      under += `<path d="M146 108 C136 40 178 22 200 22 C222 22 264 40 254 108Z" fill="${p.rib}"/>`;
      under += `<path d="M164 98 C162 52 186 38 200 38 C214 38 238 52 236 98 L200 134Z" fill="${p.inside}"/>`;
    } else if (kind !== 'jacket') {
      under += `<path d="M${mx(nx)} ${ny} Q200 ${ny - 12} ${nx} ${ny} Q200 ${frontDip} ${mx(nx)} ${ny}Z" fill="${p.inside}"/>`;
    } else {
      under += `<path d="M${mx(nx)} ${ny} Q200 ${ny - 14} ${nx} ${ny} L200 ${frontDip}Z" fill="${p.inside}"/>`;
    }
  }

  s += `<path d="${body}" fill="${p.base}"/>`;
  const inClip = (markup: string) => `<g clip-path="url(#${clip})">${markup}</g>`;

  // Contrast sleeves for varsity jackets.
  if (kind === 'jacket' && style === 'varsity') {
    const sleeveColour = mix(p.accent, '#ffffff', 0.1);
    s += inClip(
      `<path d="${sh.sleeve}" fill="${sleeveColour}"/><path d="${mirrorPath(sh.sleeve)}" fill="${sleeveColour}"/>`,
    );
  }

  // Print.
  const print = g.art.print;
  const spot = printSpot(kind, view);
  let printMarkup = '';
  if (PATTERNS.has(print)) {
    const pid = uid('p');
    defs += patternDef(pid, print, p);
    printMarkup += `<rect width="${VW}" height="${VH}" fill="url(#${pid})"/>`;
  } else if (SCATTER.has(print) || (kind === 'jacket' && view === 'front' && ['smiley', 'peacock'].includes(print))) {
    for (let y = 70; y < 450; y += 62) {
      for (let x = 40 + ((y / 62) % 2) * 31; x < 380; x += 62) {
        const k = 20 + rnd() * 12;
        printMarkup += motif(
          print,
          p,
          x + (rnd() - 0.5) * 18,
          y + (rnd() - 0.5) * 18,
          k,
          (rnd() - 0.5) * 50,
          hash(g.slug),
        );
      }
    }
  } else if (print === 'drip') {
    printMarkup += motif(
      print,
      p,
      spot.x,
      view === 'front' ? 96 + spot.s / 2 : 92 + spot.s / 2,
      spot.s * 1.5,
      0,
      hash(g.slug),
    );
  } else if (!(kind === 'jacket' && style === 'denim' && view === 'front')) {
    printMarkup += motif(print, p, spot.x, spot.y, spot.s, 0, hash(g.slug));
  }
  // Small brand hit on the back neck.
  if (view === 'back' && kind !== 'polo' && !hooded) {
    printMarkup += `<text x="200" y="${sh.dipBack + 22}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="9" letter-spacing="2" fill="${p.accent}" opacity="0.85">TTT</text>`;
  }
  s += inClip(printMarkup);

  // Construction details.
  const ln = p.line;
  const seam = (d: string, w = 1.6, o = 0.55) =>
    `<path d="${d}" fill="none" stroke="${ln}" stroke-width="${w}" opacity="${o}" stroke-linecap="round"/>`;
  const stitch = (d: string) =>
    `<path d="${d}" fill="none" stroke="${ln}" stroke-width="1.1" stroke-dasharray="3 3" opacity="0.6"/>`;
  const last = item(sh.segs, -1);
  const hemY = last.length === 2 ? last[1] : last[3];
  const hemX = last.length === 2 ? last[0] : last[2];

  // Sleeve seams.
  if (kind === 'tee' || kind === 'polo') {
    const armpit = item(sh.segs, 3) as [number, number];
    const shoulder = item(sh.segs, 0) as [number, number];
    const d = `M${armpit[0]} ${armpit[1]} Q${shoulder[0] + 2} ${r1((armpit[1] + shoulder[1]) / 2)} ${shoulder[0]} ${shoulder[1]}`;
    s += seam(d) + seam(mirrorPath(d));
    // Sleeve hem.
    const o = item(sh.segs, 1) as [number, number];
    const i2 = item(sh.segs, 2) as [number, number];
    const hem = `M${r1(o[0] - 6)} ${r1(o[1] - 10)} L${r1(i2[0] - 6)} ${r1(i2[1] - 10)}`;
    if (kind === 'polo') {
      const band = `M${o[0]} ${o[1]} L${i2[0]} ${i2[1]} L${r1(i2[0] - 8)} ${r1(i2[1] - 13)} L${r1(o[0] - 8)} ${r1(o[1] - 13)}Z`;
      s += `<path d="${band}" fill="${p.rib}"/><path d="${mirrorPath(band)}" fill="${p.rib}"/>`;
      const tip = `M${r1(o[0] - 3)} ${r1(o[1] - 5)} L${r1(i2[0] - 3)} ${r1(i2[1] - 5)}`;
      s += `<path d="${tip}" stroke="${p.accent}" stroke-width="2.2"/><path d="${mirrorPath(tip)}" stroke="${p.accent}" stroke-width="2.2"/>`;
    } else {
      s += stitch(hem) + stitch(mirrorPath(hem));
    }
  } else if (kind === 'oversized') {
    const d = 'M336 122 Q326 166 314 208';
    s += seam(d) + seam(mirrorPath(d));
    const hem = 'M368 226 L324 244';
    s += stitch(hem) + stitch(mirrorPath(hem));
  } else {
    s += seam('M304 196 Q308 140 296 98') + seam(mirrorPath('M304 196 Q308 140 296 98'));
  }

  // Hem stitching or rib band.
  if (kind === 'tee' || kind === 'oversized' || kind === 'polo') {
    s += stitch(`M${mx(hemX) + 2} ${hemY - 10} Q200 ${hemY + sh.sag - 10} ${hemX - 2} ${hemY - 10}`);
    if (kind === 'polo') {
      const vent = `M${hemX - 1} ${hemY} L${hemX - 2} ${hemY - 22}`;
      s += seam(vent) + seam(mirrorPath(vent));
    }
  } else {
    const ribbed = !(kind === 'jacket' && ['denim', 'nehru', 'coach', 'utility'].includes(style));
    const bandTop = hemY - 26;
    const ribColour = kind === 'jacket' && style === 'varsity' ? p.base : p.rib;
    if (ribbed) {
      s += inClip(
        `<rect x="0" y="${bandTop}" width="${VW}" height="40" fill="${ribColour}"/>` +
          ribLines(96, bandTop, 304, bandTop, 32, 7, ln) +
          (kind === 'jacket' && style === 'varsity'
            ? `<rect x="0" y="${bandTop + 8}" width="${VW}" height="3" fill="${p.accent}"/><rect x="0" y="${bandTop + 14}" width="${VW}" height="3" fill="${p.accent}"/>`
            : ''),
      );
      // Cuffs.
      const cuff = 'M326 374 L364 370 L368 406 L330 410Z';
      s += `<path d="${cuff}" fill="${ribColour}"/><path d="${mirrorPath(cuff)}" fill="${ribColour}"/>`;
      s += ribLines(330, 374, 364, 370, 32, 6, ln) + ribLines(mx(364), 370, mx(330), 374, 32, 6, ln);
      if (kind === 'jacket' && style === 'varsity') {
        const st = 'M327 382 L365 378 M328 388 L366 384';
        s += `<path d="${st}" stroke="${p.base}" stroke-width="2.5"/><path d="${mirrorPath(st)}" stroke="${p.base}" stroke-width="2.5"/>`;
      }
    } else {
      s += stitch(`M${mx(hemX) + 2} ${hemY - 12} Q200 ${hemY + sh.sag - 12} ${hemX - 2} ${hemY - 12}`);
      const cuff = 'M327 384 L366 380';
      s += stitch(cuff) + stitch(mirrorPath(cuff));
    }
  }

  // Neck finishing and front details per kind.
  if (view === 'front') {
    if (kind === 'tee' || kind === 'oversized' || kind === 'crew') {
      const w = kind === 'oversized' ? 11 : kind === 'crew' ? 12 : 8;
      s += `<path d="M${mx(nx)} ${ny} Q200 ${frontDip} ${nx} ${ny}" fill="none" stroke="${p.rib}" stroke-width="${w}" stroke-linecap="round"/>`;
      s += stitch(`M${mx(nx) + 3} ${ny + w / 2 + 2} Q200 ${frontDip + w / 2 + 3} ${nx - 3} ${ny + w / 2 + 2}`);
    } else if (kind === 'polo') {
      // Placket, buttons, collar.
      s += `<rect x="191" y="${frontDip - 6}" width="18" height="92" rx="2" fill="${p.rib}" stroke="${ln}" stroke-width="1" stroke-opacity="0.5"/>`;
      for (const y of [frontDip + 12, frontDip + 40, frontDip + 68])
        s += `<circle cx="200" cy="${y}" r="3.6" fill="${tint(p.base, 0.4)}" stroke="${ln}" stroke-width="1"/>`;
      s += `<path d="M${mx(nx)} ${ny} Q200 ${ny - 14} ${nx} ${ny}" fill="none" stroke="${p.rib}" stroke-width="10"/>`;
      const flap = `M${nx - 2} ${ny - 4} L202 ${frontDip + 2} L226 ${frontDip + 30} L${nx + 30} ${ny + 10}Z`;
      const flapShadow = `<g transform="translate(2 5)" opacity="0.22"><path d="${flap}" fill="#000"/><path d="${mirrorPath(flap)}" fill="#000"/></g>`;
      s += `${flapShadow}<path d="${flap}" fill="${p.base}" stroke="${ln}" stroke-width="1.4" stroke-linejoin="round"/><path d="${mirrorPath(flap)}" fill="${p.base}" stroke="${ln}" stroke-width="1.4" stroke-linejoin="round"/>`;
      const tipLine = `M${nx + 24} ${ny + 10} L222 ${frontDip + 24}`;
      s += `<path d="${tipLine}" stroke="${p.accent}" stroke-width="2"/><path d="${mirrorPath(tipLine)}" stroke="${p.accent}" stroke-width="2"/>`;
    } else if (hooded) {
      s += `<path d="M164 98 C162 52 186 38 200 38 C214 38 238 52 236 98 L200 134Z" fill="none" stroke="${p.base}" stroke-width="11" stroke-linejoin="round"/>`;
      s += seam('M200 22 L200 33', 1.4, 0.4);
      if (kind === 'hoodie') {
        const cord = tint(p.accent, 0.15);
        s += `<path d="M188 122 Q186 150 185 182 M212 122 Q214 150 215 182" stroke="${cord}" stroke-width="3.5" fill="none" stroke-linecap="round"/>`;
        s += `<rect x="182" y="180" width="6" height="12" rx="2" fill="${p.line}"/><rect x="212" y="180" width="6" height="12" rx="2" fill="${p.line}"/>`;
        s += `<path d="M138 300 L262 300 Q270 300 274 312 L292 382 L108 382 L126 312 Q130 300 138 300Z" fill="${p.rib}" opacity="0.45"/>`;
        s += seam('M138 300 L262 300 Q270 300 274 312 L292 382 M138 300 Q130 300 126 312 L108 382', 1.6, 0.6);
        s += stitch('M140 305 L260 305');
      } else {
        s += zip(134, hemY, p);
        s += seam('M112 300 Q140 310 152 372 M288 300 Q260 310 248 372', 1.6, 0.6);
      }
    } else {
      s += jacketFront(style, p, hemY);
    }
  } else {
    // Back neck.
    if (hooded) {
      const hood = 'M162 90 Q200 100 238 90 L250 112 Q256 172 214 210 Q200 218 186 210 Q144 172 150 112Z';
      s += `<path d="${hood}" fill="#000" opacity="0.16" transform="translate(2 6)"/>`;
      s += `<path d="${hood}" fill="${p.rib}" stroke="${ln}" stroke-width="1.4" stroke-opacity="0.6"/>`;
      s += `<path d="M162 90 Q200 100 238 90 L242 100 Q200 112 158 100Z" fill="#000" opacity="0.12"/>`;
      s += seam('M200 100 L200 214', 1.4, 0.5);
    } else if (kind === 'polo') {
      s += `<path d="M${mx(nx) - 4} ${ny + 2} Q200 ${sh.dipBack + 4} ${nx + 4} ${ny + 2} L${nx + 6} ${ny + 16} Q200 ${sh.dipBack + 20} ${mx(nx) - 6} ${ny + 16}Z" fill="${p.base}" stroke="${ln}" stroke-width="1.3" stroke-opacity="0.7"/>`;
    } else if (kind === 'jacket') {
      const collarColour = style === 'denim' || style === 'nehru' || style === 'coach' ? p.base : p.rib;
      s += `<path d="M${mx(nx) - 2} ${ny - 6} Q200 ${sh.dipBack - 8} ${nx + 2} ${ny - 6} L${nx + 6} ${ny + 12} Q200 ${sh.dipBack + 12} ${mx(nx) - 6} ${ny + 12}Z" fill="${collarColour}" stroke="${ln}" stroke-width="1.2" stroke-opacity="0.6"/>`;
      if (style === 'denim') s += stitch('M108 150 Q200 160 292 150');
    } else {
      const w = kind === 'oversized' ? 10 : kind === 'crew' ? 11 : 7;
      s += `<path d="M${mx(nx)} ${ny} Q200 ${sh.dipBack} ${nx} ${ny}" fill="none" stroke="${p.rib}" stroke-width="${w}" stroke-linecap="round"/>`;
    }
  }

  // Puffer quilting and track tape (both views).
  if (kind === 'jacket' && style === 'puffer') {
    let q = '';
    for (let y = 150; y < 410; y += 38) q += `M0 ${y} Q200 ${y + 8} 400 ${y}`;
    s += inClip(
      `<path d="${q}" stroke="${shade(p.base, 0.5)}" stroke-width="3" fill="none" opacity="0.8"/><path d="${q}" stroke="#fff" stroke-width="1.5" fill="none" opacity="0.08" transform="translate(0 5)"/>`,
    );
  }
  if (kind === 'jacket' && style === 'track') {
    const tape = 'M331 130 L360 368';
    s += `<path d="${tape}" stroke="${p.accent}" stroke-width="7"/><path d="${mirrorPath(tape)}" stroke="${p.accent}" stroke-width="7"/>`;
    s += `<path d="${tape}" stroke="${p.base}" stroke-width="2" stroke-dasharray="4 4"/><path d="${mirrorPath(tape)}" stroke="${p.base}" stroke-width="2" stroke-dasharray="4 4"/>`;
  }

  // Folds, shading and outline.
  const folds =
    kind === 'tee' || kind === 'polo' || kind === 'oversized'
      ? 'M150 330 Q170 360 160 410 M250 250 Q262 300 246 360 M130 220 Q150 240 146 270'
      : 'M150 300 Q170 330 160 390 M252 240 Q262 280 248 330 M350 250 Q346 300 356 340 M50 250 Q54 300 44 340';
  s += inClip(
    `<path d="${folds}" stroke="#000" stroke-width="6" fill="none" opacity="0.05" stroke-linecap="round"/>` +
      `<path d="${folds}" stroke="#fff" stroke-width="3" fill="none" opacity="0.06" stroke-linecap="round" transform="translate(5 0)"/>` +
      `<rect width="${VW}" height="${VH}" fill="url(#${shadeId})"/><rect width="${VW}" height="${VH}" fill="url(#${vshade})"/>`,
  );
  s += `<path d="${body}" fill="none" stroke="${shade(p.base, 0.45)}" stroke-width="1.6" stroke-opacity="0.55" stroke-linejoin="round"/>`;

  return { svg: under + s, defs };
}

function zip(top: number, hemY: number, p: Palette): string {
  const metal = lum(p.base) < 0.4 ? '#c9c9c9' : '#5c5c5c';
  return (
    `<path d="M200 ${top} L200 ${hemY + 4}" stroke="${shade(p.base, 0.25)}" stroke-width="7"/>` +
    `<path d="M200 ${top} L200 ${hemY + 4}" stroke="${metal}" stroke-width="4" stroke-dasharray="1.6 1.6"/>` +
    `<rect x="196" y="${top + 2}" width="8" height="18" rx="2.5" fill="${metal}"/><circle cx="200" cy="${top + 16}" r="1.8" fill="${shade(p.base, 0.3)}"/>`
  );
}

function jacketFront(style: JacketStyle, p: Palette, hemY: number): string {
  const ln = p.line;
  const seam = (d: string, w = 1.6, o = 0.6) =>
    `<path d="${d}" fill="none" stroke="${ln}" stroke-width="${w}" opacity="${o}" stroke-linecap="round"/>`;
  const stitch = (d: string, colour = ln) =>
    `<path d="${d}" fill="none" stroke="${colour}" stroke-width="1.2" stroke-dasharray="3 3" opacity="0.7"/>`;
  let s = '';
  const m = mirrorPath;
  switch (style) {
    case 'denim': {
      const thread = '#d89b4a';
      const collar = 'M232 84 L200 112 L214 142 L262 104Z';
      s += `<path d="${collar}" fill="${p.base}" stroke="${ln}" stroke-width="1.4"/><path d="${m(collar)}" fill="${p.base}" stroke="${ln}" stroke-width="1.4"/>`;
      s += stitch('M200 112 L200 430', thread) + seam('M204 112 L204 432', 1.4, 0.5);
      for (const y of [150, 200, 250, 300, 350, 400])
        s += `<circle cx="212" cy="${y}" r="4.2" fill="#b87333" stroke="${shade('#b87333', 0.35)}" stroke-width="1"/>`;
      const pocket = 'M232 168 L282 168 L282 196 L257 204 L232 196Z';
      s += `<path d="${pocket}" fill="${p.base}" stroke="${ln}" stroke-width="1.3"/><path d="${m(pocket)}" fill="${p.base}" stroke="${ln}" stroke-width="1.3"/>`;
      s +=
        stitch('M236 172 L278 172 L278 193 L257 200 L236 193Z', thread) +
        stitch(m('M236 172 L278 172 L278 193 L257 200 L236 193Z'), thread);
      s += stitch('M110 150 L290 150', thread) + stitch(`M102 ${hemY - 30} Q200 ${hemY - 24} 298 ${hemY - 30}`, thread);
      s += seam('M244 210 L244 398 M156 210 L156 398', 1.2, 0.4);
      break;
    }
    case 'nehru': {
      s += `<path d="M166 90 Q166 70 200 70 Q234 70 234 90 L234 98 Q200 84 166 98Z" fill="${p.base}" stroke="${ln}" stroke-width="1.4"/>`;
      s += seam('M200 92 L200 432', 1.6, 0.7);
      for (const y of [120, 165, 210, 255, 300, 345])
        s += `<circle cx="207" cy="${y}" r="4.5" fill="${p.accent}" stroke="${shade(p.accent, 0.4)}" stroke-width="1"/>`;
      s += seam('M124 322 L170 316 M230 316 L276 322', 2, 0.7) + seam('M236 186 L272 182', 2, 0.7);
      break;
    }
    case 'coach': {
      const collar = 'M232 84 L200 106 L208 134 L264 104Z';
      s += `<path d="${collar}" fill="${p.base}" stroke="${ln}" stroke-width="1.4"/><path d="${m(collar)}" fill="${p.base}" stroke="${ln}" stroke-width="1.4"/>`;
      s += seam('M200 106 L200 432', 1.6, 0.7);
      for (const y of [150, 205, 260, 315, 370])
        s += `<circle cx="205" cy="${y}" r="4" fill="${tint(p.base, 0.5)}" stroke="${ln}" stroke-width="1"/>`;
      s += seam('M124 300 L140 360 M276 300 L260 360', 2, 0.6);
      s += `<path d="M110 ${hemY - 8} L112 ${hemY + 14} M290 ${hemY - 8} L288 ${hemY + 14}" stroke="${p.accent}" stroke-width="3" stroke-linecap="round"/>`;
      s += stitch(`M98 ${hemY - 12} Q200 ${hemY - 6} 302 ${hemY - 12}`);
      break;
    }
    case 'varsity': {
      s += `<path d="M166 90 Q164 70 178 64 L200 100 L222 64 Q236 70 234 90 L212 112 L200 104 L188 112Z" fill="${p.base}"/>`;
      s += `<path d="M170 84 L200 122 L230 84" fill="none" stroke="${p.accent}" stroke-width="3"/>`;
      s += seam('M200 104 L200 432', 1.6, 0.7);
      for (const y of [136, 186, 236, 286, 336])
        s += `<circle cx="200" cy="${y}" r="5" fill="${p.accent}" stroke="${shade(p.accent, 0.35)}" stroke-width="1.2"/>`;
      s += seam('M128 280 L144 350 M272 280 L256 350', 6, 0.35);
      break;
    }
    default: {
      // Bomber / puffer / track / utility: zip front with a collar.
      const collarTall = style === 'puffer' || style === 'track';
      const top = collarTall ? 56 : 66;
      s += `<path d="M162 ${top + 30} Q160 ${top} 178 ${top - 4} L196 ${top + 2} L196 ${top + 40} L170 ${top + 42}Z" fill="${p.rib}" stroke="${ln}" stroke-width="1.2" stroke-opacity="0.6"/>`;
      s += `<path d="${m(`M162 ${top + 30} Q160 ${top} 178 ${top - 4} L196 ${top + 2} L196 ${top + 40} L170 ${top + 42}Z`)}" fill="${p.rib}" stroke="${ln}" stroke-width="1.2" stroke-opacity="0.6"/>`;
      if (style !== 'puffer')
        s += ribLines(166, top + 6, 194, top + 8, 30, 6, ln) + ribLines(206, top + 8, 234, top + 6, 30, 6, ln);
      s += zip(top + 4, hemY, p);
      if (style === 'utility') {
        for (const [x, y, w, h] of [
          [222, 168, 52, 44],
          [224, 290, 60, 62],
        ] as const) {
          const pk = `M${x} ${y} L${x + w} ${y} L${x + w} ${y + h} L${x} ${y + h}Z`;
          s += `<path d="${pk}" fill="${shade(p.base, 0.06)}" stroke="${ln}" stroke-width="1.3"/><path d="${m(pk)}" fill="${shade(p.base, 0.06)}" stroke="${ln}" stroke-width="1.3"/>`;
          const flap = `M${x - 2} ${y - 4} L${x + w + 2} ${y - 4} L${x + w + 2} ${y + 10} L${x - 2} ${y + 10}Z`;
          s += `<path d="${flap}" fill="${p.base}" stroke="${ln}" stroke-width="1.3"/><path d="${m(flap)}" fill="${p.base}" stroke="${ln}" stroke-width="1.3"/>`;
        }
      } else {
        s += seam('M128 300 L146 356 M272 300 L254 356', 5, 0.35);
      }
      if (style === 'bomber') s += seam('M314 178 l18 -3 l2 16 l-18 3Z', 1.3, 0.6);
    }
  }
  return s;
}

// ------------------------------------------------------------------------------------------------ scenes

function backdrop(p: Palette, id: string): { defs: string; svg: string } {
  const light = lum(p.base) > 0.8;
  const top = light ? mix(p.accent, '#e9e3d8', 0.78) : mix(p.accent, '#f8f4ec', 0.86);
  const bottom = light ? mix(p.accent, '#d8d1c4', 0.72) : mix(p.base, '#efe8dd', 0.8);
  return {
    defs:
      `<linearGradient id="${id}" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>` +
      softShadowDef(`${id}b`),
    svg:
      `<rect width="${VW}" height="${VH}" fill="url(#${id})"/>` +
      `<circle cx="200" cy="250" r="190" fill="#ffffff" opacity="0.22"/>` +
      `<ellipse cx="200" cy="466" rx="165" ry="20" fill="url(#${id}b)"/>`,
  };
}

/** A radial gradient that reads as a soft contact shadow (blur filters are too slow to rasterise). */
function softShadowDef(id: string, opacity = 0.22): string {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="#000" stop-opacity="${opacity}"/><stop offset="0.55" stop-color="#000" stop-opacity="${r1(opacity * 0.45 * 100) / 100}"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`;
}

function svgDoc(width: number, height: number, defs: string, body: string, vw = VW, vh = VH): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${vw} ${vh}"><defs>${defs}</defs>${body}</svg>`;
}

function hanger(): string {
  return '<path d="M200 92 L200 66 Q200 50 213 50 Q226 50 226 62" fill="none" stroke="#8d8d8d" stroke-width="4" stroke-linecap="round"/>';
}

function productView(prod: SeedProduct, n: number, width: number): string {
  const p = palette(prod.art.base, prod.art.accent);
  const { kind } = kindOf(prod);
  const bgId = uid('bg');
  const bg = backdrop(p, bgId);
  const hooded = kind === 'hoodie' || kind === 'zip-hoodie';
  const W = width;
  const H = Math.round((width * 5) / 4);

  if (n === 1 || n === 2) {
    const view: View = n === 1 ? 'front' : 'back';
    const g = drawGarment(prod, view);
    const defs = bg.defs + g.defs;
    const silhouette = outline(shapeFor(kind), 110);
    const body =
      bg.svg +
      (hooded && view === 'front' ? '' : hanger()) +
      `<path d="${silhouette}" fill="#000" opacity="0.05" transform="translate(200 262) scale(0.985) translate(-192 -248)"/>` +
      `<path d="${silhouette}" fill="#000" opacity="0.05" transform="translate(200 262) scale(0.97) translate(-190 -246)"/>` +
      `<g transform="translate(200 258) scale(0.96) translate(-200 -258)">${g.svg}</g>`;
    return svgDoc(W, H, defs, body);
  }
  if (n === 3) {
    // Close-up of the print on the side where it is biggest.
    const view: View = kind === 'tee' || kind === 'oversized' || kind === 'crew' ? 'front' : 'back';
    const g = drawGarment(prod, view);
    const spot = printSpot(kind, view);
    const k = Math.max(1.9, Math.min(2.8, 290 / spot.s));
    const vig = uid('vg');
    const defs =
      bg.defs +
      g.defs +
      `<radialGradient id="${vig}" cx="0.5" cy="0.5" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.28"/></radialGradient>`;
    const cy = Math.max(spot.y, 175);
    const body =
      bg.svg +
      `<g transform="translate(200 250) scale(${r1(k)}) translate(${-spot.x} ${-cy})">${g.svg}</g>${drapeBands()}` +
      `<rect width="${VW}" height="${VH}" fill="url(#${vig})"/>`;
    return svgDoc(W, H, defs, body);
  }
  // n === 4: folded flat-lay.
  return svgDoc(W, H, ...flatLay(prod));
}

/** Soft diagonal light bands that read as fabric drape in the close-up (fine texture would bloat the WebP). */
function drapeBands(): string {
  return (
    '<path d="M-60 330 Q120 250 460 120 L460 190 Q140 310 -60 410Z" fill="#fff" opacity="0.06"/>' +
    '<path d="M-60 520 Q160 400 460 330 L460 360 Q170 430 -60 560Z" fill="#000" opacity="0.06"/>'
  );
}

function flatLay(prod: SeedProduct): [string, string] {
  const p = palette(prod.art.base, prod.art.accent);
  const { kind, style } = kindOf(prod);
  const surface = lum(p.base) > 0.8 ? mix(p.accent, '#d9d2c5', 0.8) : mix(p.accent, '#efe9df', 0.88);
  const clip = uid('fc');
  const blur = uid('fb');
  const shadeId = uid('fs');
  const rect =
    'M104 150 Q104 132 122 130 L278 130 Q296 132 296 150 L300 392 Q300 408 284 408 L116 408 Q100 408 100 392Z';
  let defs =
    `<clipPath id="${clip}"><path d="${rect}"/></clipPath>${softShadowDef(blur, 0.3)}` +
    `<linearGradient id="${shadeId}" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.06"/><stop offset="0.62" stop-color="#000" stop-opacity="0.04"/>` +
    `<stop offset="0.64" stop-color="#000" stop-opacity="0.14"/><stop offset="0.7" stop-color="#fff" stop-opacity="0.05"/><stop offset="1" stop-color="#000" stop-opacity="0.1"/></linearGradient>`;
  let s = `<rect width="${VW}" height="${VH}" fill="${surface}"/>`;
  // Surface grain: a few soft diagonal bands.
  s += `<path d="M-40 120 L440 -40 M-40 300 L440 140 M-40 480 L440 320 M-40 660 L440 500" stroke="#fff" stroke-width="60" opacity="0.08"/>`;
  // A second garment in the stack, then the shadow, then the top one.
  s += `<ellipse cx="206" cy="296" rx="150" ry="170" fill="url(#${blur})"/>`;
  s += `<path d="${rect}" transform="translate(-4 14) rotate(-2 200 270)" fill="${shade(p.base, 0.18)}"/>`;
  s += `<path d="${rect}" fill="${p.base}"/>`;

  let print = '';
  if (PATTERNS.has(prod.art.print)) {
    const pid = uid('fp');
    defs += patternDef(pid, prod.art.print, p);
    print = `<rect width="${VW}" height="${VH}" fill="url(#${pid})"/>`;
  } else if (kind === 'jacket' || kind === 'polo' || kind === 'zip-hoodie') {
    print = motif(prod.art.print, p, 248, 206, 54, 0, hash(prod.slug));
  } else if (prod.art.print === 'drip') {
    print = motif('drip', p, 200, 240, 180, 0, hash(prod.slug));
  } else {
    print = motif(prod.art.print, p, 200, 250, kind === 'hoodie' ? 110 : 130, 0, hash(prod.slug));
  }
  s += `<g clip-path="url(#${clip})">${print}`;
  // Folded sleeves tucked behind: darker wedges on both sides.
  s += `<path d="M100 170 L146 148 L150 300 L100 320Z" fill="#000" opacity="0.06"/><path d="M300 170 L254 148 L250 300 L300 320Z" fill="#000" opacity="0.06"/>`;
  s += `<path d="M146 148 L150 300 M254 148 L250 300" stroke="${p.line}" stroke-width="1.4" opacity="0.5"/>`;
  s += `<rect width="${VW}" height="${VH}" fill="url(#${shadeId})"/></g>`;

  // Neck / collar on top.
  if (kind === 'hoodie' || kind === 'zip-hoodie') {
    s += `<path d="M150 132 Q150 92 200 90 Q250 92 250 132 Q200 150 150 132Z" fill="${p.rib}" stroke="${p.line}" stroke-width="1.2" stroke-opacity="0.6"/>`;
    s += `<path d="M166 128 Q200 112 234 128 Q200 150 166 128Z" fill="${p.inside}"/>`;
    if (kind === 'hoodie')
      s += `<path d="M190 140 Q188 170 186 196 M210 140 Q212 170 214 196" stroke="${tint(p.accent, 0.15)}" stroke-width="3.5" stroke-linecap="round" fill="none"/>`;
    else s += zip(142, 404, p);
  } else if (kind === 'polo') {
    s += `<path d="M166 132 Q200 116 234 132 Q200 150 166 132Z" fill="${p.inside}"/>`;
    s += `<rect x="191" y="144" width="18" height="70" fill="${p.rib}"/><circle cx="200" cy="162" r="3.4" fill="${tint(p.base, 0.4)}"/><circle cx="200" cy="188" r="3.4" fill="${tint(p.base, 0.4)}"/>`;
    const flap = 'M234 130 L202 146 L222 176 L262 138Z';
    s += `<path d="${flap}" fill="${p.base}" stroke="${p.line}" stroke-width="1.3"/><path d="${mirrorPath(flap)}" fill="${p.base}" stroke="${p.line}" stroke-width="1.3"/>`;
  } else if (kind === 'jacket') {
    s += `<path d="M160 134 Q160 110 200 108 Q240 110 240 134 L200 150Z" fill="${style === 'denim' || style === 'coach' || style === 'nehru' ? shade(p.base, 0.08) : p.rib}" stroke="${p.line}" stroke-width="1.2" stroke-opacity="0.6"/>`;
    s += `<path d="M176 132 Q200 120 224 132 L200 146Z" fill="${p.inside}"/>`;
    s +=
      style === 'denim' || style === 'nehru' || style === 'coach' || style === 'varsity'
        ? `<path d="M200 146 L200 406" stroke="${p.line}" stroke-width="1.6" opacity="0.6"/>`
        : zip(146, 404, p);
  } else {
    s += `<path d="M164 131 Q200 116 236 131 Q200 158 164 131Z" fill="${p.inside}"/>`;
    s += `<path d="M164 131 Q200 158 236 131" fill="none" stroke="${p.rib}" stroke-width="${kind === 'crew' ? 11 : 8}" stroke-linecap="round"/>`;
  }
  s += `<path d="${rect}" fill="none" stroke="${shade(p.base, 0.4)}" stroke-width="1.4" stroke-opacity="0.5"/>`;

  // Props: a brand sticker and a kraft swing tag.
  s += `<g transform="translate(334 446) rotate(-12)"><circle r="28" fill="${BRAND.ink}"/><circle r="23" fill="none" stroke="${BRAND.orange}" stroke-width="2"/>`;
  s += `<text y="6" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="16" fill="${BRAND.paper}" letter-spacing="1">TTT</text></g>`;
  s += `<g transform="translate(54 430) rotate(14)"><path d="M0 -30 L22 -30 L22 30 L-22 30 L-22 -30Z M-22 -30 L0 -44 L22 -30" fill="#c8a97e"/><path d="M-22 -30 L0 -44 L22 -30Z" fill="#c8a97e"/>`;
  s += `<circle cy="-31" r="3.5" fill="${surface}"/><path d="M0 -34 Q-10 -80 30 -96" stroke="#6b5a44" stroke-width="1.5" fill="none"/>`;
  s += `<rect x="-14" y="-14" width="28" height="3" fill="#6b5a44" opacity="0.6"/><rect x="-14" y="-6" width="20" height="3" fill="#6b5a44" opacity="0.6"/><rect x="-14" y="8" width="24" height="7" fill="#6b5a44" opacity="0.8"/></g>`;
  return [defs, s];
}

// ------------------------------------------------------------------------------------------------ tiles

function findProduct(slug: string): SeedProduct {
  const found = SEED_PRODUCTS.find((p) => p.slug === slug);
  if (!found) throw new Error(`seed product ${slug} not found`);
  return found;
}

function placeGarment(g: GarmentInput, view: View, cx: number, cy: number, scale: number, rot: number): Drawn {
  const d = drawGarment(g, view);
  return {
    defs: d.defs,
    svg: `<g transform="translate(${r1(cx)} ${r1(cy)}) rotate(${r1(rot)}) scale(${scale}) translate(-200 -250)">${d.svg}</g>`,
  };
}

const CATEGORY_TILE: Record<CategorySlug, { bg: [string, string]; front: string; back: string }> = {
  jackets: {
    bg: ['#dfe7df', '#b9cbbd'],
    front: 'midnight-cypher-bomber-jacket',
    back: 'rocket-lunchbox-varsity-jacket',
  },
  sweatshirts: { bg: ['#ffe8dc', '#f6c3a8'], front: 'astro-kid-hoodie', back: 'cassette-rewind-hoodie' },
  oversized: { bg: ['#e4efe9', '#b8d4c7'], front: 'trap-crown-oversized-tee', back: 'tiffin-box-heroes-oversized-tee' },
  'regular-fit': { bg: ['#fde4e6', '#f3b9bf'], front: 'comic-strip-pow-tee', back: 'low-end-theory-tee' },
  polos: { bg: ['#e2e8fb', '#b8c6ef'], front: 'retro-arcade-polo', back: 'lunch-break-stripe-polo' },
};

function categoryTile(slug: CategorySlug, width: number): string {
  const t = CATEGORY_TILE[slug];
  const gid = uid('tg');
  const blur = uid('tb');
  const back = placeGarment(findProduct(t.back), 'front', 258, 236, 0.72, 9);
  const front = placeGarment(findProduct(t.front), 'front', 178, 282, 0.84, -5);
  const defs =
    `<linearGradient id="${gid}" x1="0" x2="0.3" y1="0" y2="1"><stop offset="0" stop-color="${t.bg[0]}"/><stop offset="1" stop-color="${t.bg[1]}"/></linearGradient>` +
    softShadowDef(blur) +
    back.defs +
    front.defs;
  const body =
    `<rect width="${VW}" height="${VH}" fill="url(#${gid})"/>` +
    `<circle cx="300" cy="110" r="120" fill="#fff" opacity="0.35"/><circle cx="70" cy="430" r="90" fill="#fff" opacity="0.2"/>` +
    `<ellipse cx="200" cy="468" rx="175" ry="22" fill="url(#${blur})"/>` +
    back.svg +
    front.svg;
  return svgDoc(width, Math.round((width * 5) / 4), defs, body);
}

function collectionTile(slug: CollectionSlug, width: number): string {
  const rnd = prng(hash(slug));
  const gid = uid('cg');
  let defs = '';
  let deco = '';
  let garments: Drawn[] = [];
  const scatter = (name: string, pal: Palette, count: number, min: number, max: number) => {
    let out = '';
    for (let i = 0; i < count; i++)
      out += motif(name, pal, 20 + rnd() * 360, 20 + rnd() * 460, min + rnd() * (max - min), (rnd() - 0.5) * 60, i + 1);
    return out;
  };
  if (slug === 'bring-your-childhood') {
    defs += `<linearGradient id="${gid}" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#bde0fe"/><stop offset="1" stop-color="#ffc8dd"/></linearGradient>`;
    const pal = palette('#bde0fe', '#ffffff');
    deco += motif('rainbow', palette('#bde0fe', '#ff595e'), 200, 120, 300);
    deco += scatter('cloud', pal, 4, 50, 80);
    deco += scatter('stars', palette('#bde0fe', '#ffd166'), 5, 26, 40);
    garments = [
      placeGarment(findProduct('cassette-rewind-hoodie'), 'front', 268, 268, 0.66, 8),
      placeGarment(findProduct('astro-kid-oversized-tee'), 'front', 150, 306, 0.68, -7),
    ];
  } else if (slug === 'trap-themed') {
    defs += `<linearGradient id="${gid}" x1="0" x2="0.4" y1="0" y2="1"><stop offset="0" stop-color="#1b1b22"/><stop offset="1" stop-color="#07070a"/></linearGradient>`;
    deco += `<path d="M-20 420 L420 300 L420 330 L-20 450Z" fill="${BRAND.orange}" opacity="0.9"/>`;
    deco += motif('lightning', palette('#111111', '#39ff14'), 70, 90, 90, -12);
    deco += motif('lightning', palette('#111111', '#ff3b30'), 340, 420, 70, 18);
    deco += motif('flame', palette('#111111', '#ff6b35'), 330, 80, 70, 10);
    deco += motif('crown', palette('#111111', '#ffd60a'), 80, 440, 60, -10);
    deco += scatter('stars', palette('#111111', '#f4efe6'), 6, 12, 22);
    garments = [
      placeGarment(findProduct('midnight-cypher-bomber-jacket'), 'front', 262, 262, 0.66, 7),
      placeGarment(findProduct('trap-crown-oversized-tee'), 'front', 148, 300, 0.68, -6),
    ];
  } else {
    defs += `<linearGradient id="${gid}" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#ffb238"/><stop offset="1" stop-color="#c0262d"/></linearGradient>`;
    deco += `<g opacity="0.45">${motif('mandala', palette('#e85d04', '#fff3b0'), 200, 262, 380, 0)}</g>`;
    deco += motif('marigold', palette('#ffb238', '#ff7b00'), 120, 34, 240);
    deco += motif('marigold', palette('#ffb238', '#ffd23f'), 330, 26, 220, 4, 7);
    deco += motif('dandiya', palette('#c0262d', '#fff3b0'), 66, 430, 80, 12);
    deco += motif('dandiya', palette('#c0262d', '#fff3b0'), 340, 440, 70, -14);
    garments = [
      placeGarment(findProduct('garba-raas-hoodie'), 'front', 266, 276, 0.64, 8),
      placeGarment(findProduct('dandiya-beat-oversized-tee'), 'front', 148, 304, 0.66, -6),
    ];
  }
  const blur = uid('cb');
  defs += softShadowDef(blur, 0.3);
  defs += garments.map((g) => g.defs).join('');
  const body =
    `<rect width="${VW}" height="${VH}" fill="url(#${gid})"/>${deco}` +
    `<ellipse cx="205" cy="462" rx="170" ry="22" fill="url(#${blur})"/>` +
    garments.map((g) => g.svg).join('');
  return svgDoc(width, Math.round((width * 5) / 4), defs, body);
}

// ------------------------------------------------------------------------------------------------ hero

const HERO_ROWS: { slugs: string[]; y: number; dir: 1 | -1; scale: number }[] = [
  {
    slugs: ['trap-crown-oversized-tee', 'astro-kid-hoodie', 'dandiya-beat-oversized-tee'],
    y: 128,
    dir: -1,
    scale: 0.52,
  },
  {
    slugs: ['808-bass-drop-puffer-jacket', 'bubblegum-summers-oversized-tee', 'navratri-mirror-polo'],
    y: 604,
    dir: 1,
    scale: 0.52,
  },
];
const HERO_SPACING = 240;
const HERO_CIRCLES = [BRAND.orange, BRAND.yellow, '#5b7db1', '#9b5de5', '#2a9d8f', '#ef476f'];

/** Garment drawings reused by every hero frame (ids stay stable, so defs are emitted once per frame). */
let heroCache: { defs: string; groups: string[][] } | undefined;
function heroGarments(): { defs: string; groups: string[][] } {
  if (heroCache) return heroCache;
  let defs = '';
  const groups = HERO_ROWS.map((row) =>
    row.slugs.map((slug) => {
      const d = drawGarment(findProduct(slug), 'front');
      defs += d.defs;
      return d.svg;
    }),
  );
  heroCache = { defs, groups };
  return heroCache;
}

function heroFrame(frame: number): string {
  const { width: W, height: H, fps, seconds } = HERO;
  const T = fps * seconds;
  const t = frame / T; // 0..1, loops
  const tau = Math.PI * 2;
  const { defs: gdefs, groups } = heroGarments();
  const glow = 'hg';
  const shift = r1(t * 64);
  const defs =
    gdefs +
    `<radialGradient id="${glow}" cx="0.5" cy="0.5" r="0.6"><stop offset="0" stop-color="${BRAND.orange}" stop-opacity="0.28"/><stop offset="1" stop-color="${BRAND.orange}" stop-opacity="0"/></radialGradient>`;
  // Diagonal stripes drifting by exactly one period per loop.
  let stripes = '';
  for (let x = -H - 64; x < W + 64; x += 64)
    stripes += `M${r1(x + shift)} ${H}l${r1(H * 0.58)} ${-H}h22l${r1(-H * 0.58)} ${H}Z`;
  let s = `<rect width="${W}" height="${H}" fill="${BRAND.ink}"/><path d="${stripes}" fill="#ffffff" opacity="0.035"/>`;
  s += `<ellipse cx="${W / 2}" cy="${H / 2}" rx="${r1(620 + 30 * Math.sin(tau * t))}" ry="260" fill="url(#${glow})"/>`;

  HERO_ROWS.forEach((row, ri) => {
    const offset = t * HERO_SPACING * row.slugs.length * row.dir * -1;
    const list = item(groups, ri);
    for (let i = -4; i <= 9; i++) {
      const x = i * HERO_SPACING + 120 - offset;
      if (x < -180 || x > W + 180) continue;
      const g = item(list, i);
      const rot = 7 * Math.sin((tau * x) / (HERO_SPACING * 3) + ri);
      const bob = 9 * Math.sin((tau * x) / (HERO_SPACING * 1.5));
      const circle = item(HERO_CIRCLES, (((i % 3) + 3) % 3) + ri * 3);
      s += `<circle cx="${r1(x)}" cy="${r1(row.y + bob)}" r="104" fill="${circle}" opacity="0.9"/>`;
      s += `<g transform="translate(${r1(x)} ${r1(row.y + bob + 4)}) rotate(${r1(rot)}) scale(${row.scale}) translate(-200 -256)">${g}</g>`;
    }
  });

  // Title band.
  const pulse = 1 + 0.018 * Math.sin(tau * t * 2);
  const off = r1(5 + 3 * Math.sin(tau * t));
  const cy = H / 2 + 6;
  s += `<rect x="0" y="${cy - 112}" width="${W}" height="200" fill="${BRAND.ink}" opacity="0.82"/>`;
  s += `<rect x="0" y="${cy - 112}" width="${W}" height="4" fill="${BRAND.orange}"/><rect x="0" y="${cy + 84}" width="${W}" height="4" fill="${BRAND.orange}"/>`;
  const title = (fill: string, dx: number, dy: number) =>
    `<text x="${W / 2 + dx}" y="${cy + 10 + dy}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="700" font-size="104" letter-spacing="4" fill="${fill}">TRAP THE TREND</text>`;
  s += `<g transform="translate(${W / 2} ${cy}) scale(${pulse.toFixed(4)}) translate(${-W / 2} ${-cy})">${title(BRAND.orange, off, off)}${title(BRAND.paper, 0, 0)}</g>`;
  s += `<text x="${W / 2}" y="${cy + 62}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="24" letter-spacing="9" fill="${BRAND.yellow}">STREETWEAR · MADE IN INDIA</text>`;
  return svgDoc(W, H, defs, s, W, H);
}

// ------------------------------------------------------------------------------------------------ favicon

const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">' +
  '<rect width="64" height="64" rx="14" fill="#101012"/>' +
  '<path d="M9 13h28v9h-9.5v29h-9V22H9z" fill="#f4efe6"/>' +
  '<path d="M27 25h28v9h-9.5v20h-9V34H27z" fill="#ff5a1f"/>' +
  '</svg>\n';

function ico(pngs: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * pngs.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(pngs.length, 4);
  let offset = header.length;
  pngs.forEach((png, i) => {
    const e = 6 + i * 16;
    header.writeUInt8(png.size >= 256 ? 0 : png.size, e);
    header.writeUInt8(png.size >= 256 ? 0 : png.size, e + 1);
    header.writeUInt8(0, e + 2);
    header.writeUInt8(0, e + 3);
    header.writeUInt16LE(1, e + 4);
    header.writeUInt16LE(32, e + 6);
    header.writeUInt32LE(png.data.length, e + 8);
    header.writeUInt32LE(offset, e + 12);
    offset += png.data.length;
  });
  return Buffer.concat([header, ...pngs.map((p) => p.data)]);
}

// ------------------------------------------------------------------------------------------------ output

const stats = { written: 0, bytes: 0, skipped: 0 };

function record(path: string) {
  stats.written++;
  stats.bytes += statSync(path).size;
}
function need(paths: string[]): boolean {
  if (FORCE || paths.some((p) => !existsSync(p))) return true;
  stats.skipped += paths.length;
  return false;
}
function ensureDir(path: string) {
  mkdirSync(dirname(path), { recursive: true });
}

/** Rasterises a 4:5 SVG drawn at the largest width and writes every IMAGE_WIDTHS variant. */
async function writeWebpSet(makeSvg: (width: number) => string, pathFor: (w: number) => string): Promise<void> {
  const widths = [...IMAGE_WIDTHS];
  const paths = widths.map(pathFor);
  if (!need(paths)) return;
  const max = Math.max(...widths);
  const png = await sharp(Buffer.from(makeSvg(max)))
    .png({ compressionLevel: 0 })
    .toBuffer();
  for (const w of widths) {
    const out = pathFor(w);
    ensureDir(out);
    const img = w === max ? sharp(png) : sharp(png).resize(w, Math.round((w * 5) / 4), { kernel: 'lanczos3' });
    let buf = await img.webp({ quality: WEBP_QUALITY, effort: 4 }).toBuffer();
    // Busy all-over prints compress worse: step the quality down to stay within the size budget.
    const budget = WEBP_BUDGET * (w / max) ** 2;
    for (let q = WEBP_QUALITY - 8; buf.length > budget && q >= 50; q -= 8)
      buf = await img.webp({ quality: q, effort: 4 }).toBuffer();
    writeFileSync(out, buf);
    record(out);
  }
}

async function pool<T>(items: readonly T[], size: number, fn: (x: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const x = items[next++];
      if (x !== undefined) await fn(x);
    }
  };
  await Promise.all(Array.from({ length: size }, worker));
}

async function heroFrameRaw(frame: number): Promise<Buffer> {
  return sharp(Buffer.from(heroFrame(frame)))
    .removeAlpha()
    .raw()
    .toBuffer();
}

async function encodeHero(out: string, crf: number): Promise<void> {
  const { width, height, fps, seconds } = HERO;
  const frames = fps * seconds;
  const ff = spawn(
    'ffmpeg',
    [
      '-y',
      '-loglevel',
      'error',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-s',
      `${width}x${height}`,
      '-r',
      String(fps),
      '-i',
      'pipe:0',
      '-an',
      '-c:v',
      'libx264',
      '-preset',
      'slow',
      '-tune',
      'animation',
      '-crf',
      String(crf),
      '-maxrate',
      '1900k',
      '-bufsize',
      '3800k',
      '-g',
      String(fps * 2),
      '-pix_fmt',
      'yuv420p',
      '-profile:v',
      'high',
      '-movflags',
      '+faststart',
      out,
    ],
    { stdio: ['pipe', 'ignore', 'pipe'] },
  );
  let err = '';
  ff.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const done = once(ff, 'close');
  const batch = POOL;
  for (let i = 0; i < frames; i += batch) {
    const ids = Array.from({ length: Math.min(batch, frames - i) }, (_, k) => i + k);
    const bufs = await Promise.all(ids.map(heroFrameRaw));
    for (const b of bufs) if (!ff.stdin.write(b)) await once(ff.stdin, 'drain');
  }
  ff.stdin.end();
  const [code] = (await done) as [number | null];
  if (code !== 0) throw new Error(`ffmpeg failed (${code}): ${err}`);
}

async function writeHero(): Promise<void> {
  const media = join(PUBLIC, 'media');
  const video = join(media, 'hero.mp4');
  const posters = HERO_POSTER_WIDTHS.map((w) => join(media, `hero-poster-${w}.webp`));
  mkdirSync(media, { recursive: true });
  if (need(posters)) {
    const first = await sharp(Buffer.from(heroFrame(0)))
      .png()
      .toBuffer();
    for (const [i, w] of HERO_POSTER_WIDTHS.entries()) {
      const out = item(posters, i);
      await sharp(first)
        .resize(w, Math.round((w * HERO.height) / HERO.width))
        .webp({ quality: 72, effort: 5 })
        .toFile(out);
      record(out);
    }
  }
  if (!need([video])) return;
  for (const crf of [26, 30, 34, 38]) {
    await encodeHero(video, crf);
    if (statSync(video).size <= HERO.maxBytes) break;
  }
  if (statSync(video).size > HERO.maxBytes) {
    unlinkSync(video);
    throw new Error('hero.mp4 stays above 2 MB even at CRF 38');
  }
  record(video);
}

async function writeFavicons(): Promise<void> {
  const svgPath = join(PUBLIC, 'favicon.svg');
  const icoPath = join(PUBLIC, 'favicon.ico');
  const applePath = join(PUBLIC, 'apple-touch-icon.png');
  mkdirSync(PUBLIC, { recursive: true });
  if (need([svgPath])) {
    writeFileSync(svgPath, FAVICON_SVG);
    record(svgPath);
  }
  if (need([icoPath])) {
    const pngs = await Promise.all(
      [16, 32, 48].map(async (size) => ({
        size,
        data: await sharp(Buffer.from(FAVICON_SVG), { density: 72 * (size / 64) * 4 })
          .resize(size, size)
          .png()
          .toBuffer(),
      })),
    );
    writeFileSync(icoPath, ico(pngs));
    record(icoPath);
  }
  if (need([applePath])) {
    // Full-bleed square: iOS rounds the corners itself.
    const square = FAVICON_SVG.replace('rx="14" ', '');
    await sharp(Buffer.from(square), { density: 72 * (180 / 64) * 2 })
      .resize(180, 180)
      .png({ compressionLevel: 9 })
      .toFile(applePath);
    record(applePath);
  }
}

function dirSize(path: string): number {
  if (!existsSync(path)) return 0;
  let total = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const full = join(path, entry.name);
    total += entry.isDirectory() ? dirSize(full) : statSync(full).size;
  }
  return total;
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;

async function main(): Promise<void> {
  const started = performance.now();
  const tasks: (() => Promise<void>)[] = [];
  for (const prod of SEED_PRODUCTS) {
    for (let n = 1; n <= prod.imageCount; n++) {
      tasks.push(() =>
        writeWebpSet(
          (w) => productView(prod, n, w),
          (w) => join(PUBLIC, 'images', 'products', `${prod.slug}-${n}-${w}.webp`),
        ),
      );
    }
  }
  for (const c of COLLECTIONS)
    tasks.push(() =>
      writeWebpSet(
        (w) => collectionTile(c.slug, w),
        (w) => join(PUBLIC, 'images', 'collections', `${c.slug}-${w}.webp`),
      ),
    );
  for (const c of CATEGORIES)
    tasks.push(() =>
      writeWebpSet(
        (w) => categoryTile(c.slug, w),
        (w) => join(PUBLIC, 'images', 'categories', `${c.slug}-${w}.webp`),
      ),
    );
  tasks.push(writeFavicons);

  await pool(tasks, POOL, (task) => task());
  await writeHero();

  const total = dirSize(join(PUBLIC, 'images')) + dirSize(join(PUBLIC, 'media'));
  const secs = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `generate-assets: wrote ${stats.written} files (${mb(stats.bytes)}), skipped ${stats.skipped} existing; public/images + public/media = ${mb(total)}; ${secs}s`,
  );
}

await main();
