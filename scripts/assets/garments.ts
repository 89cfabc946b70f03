// The garments: a silhouette per kind, prints, seams and trims, front and back, in the 400x500 space.
import type { CategorySlug } from '../../src/common/catalog.ts';
import { SEED_PRODUCTS, type SeedProduct } from '../../src/server/db/seed-catalog.ts';
import { motif, patternDef, PATTERNS, SCATTER } from './motifs.ts';
import { lum, mix, type Palette, palette, shade, tint } from './palette.ts';
import { hash, item, prng } from './random.ts';
import { r1, uid, VH, VW } from './svg.ts';

type Kind = 'tee' | 'oversized' | 'polo' | 'crew' | 'hoodie' | 'zip-hoodie' | 'jacket';
type JacketStyle = 'bomber' | 'puffer' | 'varsity' | 'denim' | 'nehru' | 'coach' | 'track' | 'utility';
export type View = 'front' | 'back';

interface GarmentInput {
  slug: string;
  name: string;
  category: CategorySlug;
  art: { base: string; accent: string; print: string };
}

export function kindOf(g: GarmentInput): { kind: Kind; style: JacketStyle } {
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
export function outline(sh: Shape, dip: number): string {
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
export function mirrorPath(d: string): string {
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

export function shapeFor(kind: Kind): Shape {
  if (kind === 'tee') return SHAPES.tee;
  if (kind === 'oversized') return SHAPES.oversized;
  if (kind === 'polo') return SHAPES.polo;
  return SHAPES.long;
}

/** Where the main print sits for a garment and view: centre and size in the 400x500 space. */
export function printSpot(kind: Kind, view: View): { x: number; y: number; s: number } {
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

export interface Drawn {
  svg: string;
  defs: string;
}

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
export function drawGarment(g: GarmentInput, view: View): Drawn {
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

export function zip(top: number, hemY: number, p: Palette): string {
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

export function findProduct(slug: string): SeedProduct {
  const found = SEED_PRODUCTS.find((p) => p.slug === slug);
  if (!found) throw new Error(`seed product ${slug} not found`);
  return found;
}

export function placeGarment(g: GarmentInput, view: View, cx: number, cy: number, scale: number, rot: number): Drawn {
  const d = drawGarment(g, view);
  return {
    defs: d.defs,
    svg: `<g transform="translate(${r1(cx)} ${r1(cy)}) rotate(${r1(rot)}) scale(${scale}) translate(-200 -250)">${d.svg}</g>`,
  };
}
