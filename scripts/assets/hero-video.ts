// The hero video: rows of garments drifting past the title band, one loop of HERO.seconds, piped to ffmpeg;
// its first frame is the poster.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';

import sharp from 'sharp';

import { drawGarment, findProduct } from './garments.ts';
import { need, POOL, PUBLIC, record } from './output.ts';
import { BRAND } from './palette.ts';
import { item } from './random.ts';
import { r1, svgDoc } from './svg.ts';

const HERO = { width: 1280, height: 720, fps: 24, seconds: 7, maxBytes: 2 * 1024 * 1024 };
const HERO_POSTER_WIDTHS = [640, 960, 1280] as const;

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

export async function writeHero(): Promise<void> {
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
