// The home page tiles: a category is two of its garments, a collection its garments over its own scenery.
import type { CategorySlug, CollectionSlug } from '../../src/common/catalog.ts';
import { type Drawn, findProduct, placeGarment } from './garments.ts';
import { motif } from './motifs.ts';
import { BRAND, type Palette, palette } from './palette.ts';
import { hash, prng } from './random.ts';
import { softShadowDef, svgDoc, uid, VH, VW } from './svg.ts';

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

export function categoryTile(slug: CategorySlug, width: number): string {
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

export function collectionTile(slug: CollectionSlug, width: number): string {
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
