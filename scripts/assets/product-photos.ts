// The product photos: 1 front and 2 back on a hanger, 3 a close-up of the print, 4 a folded flat-lay.
import type { SeedProduct } from '../../src/server/db/seed-catalog.ts';
import { drawGarment, kindOf, mirrorPath, outline, printSpot, shapeFor, type View, zip } from './garments.ts';
import { motif, patternDef, PATTERNS } from './motifs.ts';
import { BRAND, lum, mix, type Palette, palette, shade, tint } from './palette.ts';
import { hash } from './random.ts';
import { r1, softShadowDef, svgDoc, uid, VH, VW } from './svg.ts';

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

function hanger(): string {
  return '<path d="M200 92 L200 66 Q200 50 213 50 Q226 50 226 62" fill="none" stroke="#8d8d8d" stroke-width="4" stroke-linecap="round"/>';
}

export function productView(prod: SeedProduct, n: number, width: number): string {
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
