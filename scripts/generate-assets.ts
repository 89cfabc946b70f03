// Draws every static image and the hero video the store ships with (docs/product.md §2 home page,
// §3 product images). Deterministic: shapes come from the seed catalogue and a seeded PRNG; SVG is
// rasterised with sharp and the hero frames are piped to ffmpeg. Existing files are kept unless run
// with --force. The drawings live in scripts/assets/, one module for each kind of thing drawn.
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
// and src/web/icons.svg, the icon sprite the build fingerprints (always rewritten: it is small).
import { join } from 'node:path';

import sharp from 'sharp';

import { CATEGORIES, COLLECTIONS } from '../src/common/catalog.ts';
import { SEED_PRODUCTS } from '../src/server/db/seed-catalog.ts';
import { writeFavicons } from './assets/favicon.ts';
import { writeHero } from './assets/hero-video.ts';
import { writeIconSprite } from './assets/icon-sprite.ts';
import { dirSize, mb, pool, POOL, PUBLIC, stats, writeWebpSet } from './assets/output.ts';
import { productView } from './assets/product-photos.ts';
import { categoryTile, collectionTile } from './assets/tiles.ts';

sharp.concurrency(1);

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
  tasks.push(writeFavicons, writeIconSprite);

  await pool(tasks, POOL, (task) => task());
  await writeHero();

  const total = dirSize(join(PUBLIC, 'images')) + dirSize(join(PUBLIC, 'media'));
  const secs = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `generate-assets: wrote ${stats.written} files (${mb(stats.bytes)}), skipped ${stats.skipped} existing; public/images + public/media = ${mb(total)}; ${secs}s`,
  );
}

await main();
