// Writing the files: what to skip, the WebP sets, the worker pool and the tally.
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import sharp from 'sharp';

import { IMAGE_WIDTHS } from '../../src/common/catalog.ts';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const PUBLIC = join(ROOT, 'public');
const FORCE = process.argv.includes('--force');
export const POOL = Math.max(2, Math.min(4, availableParallelism()));
const WEBP_QUALITY = 70;
/** Byte budget for a 960 px product image; smaller widths scale it by area. */
const WEBP_BUDGET = 36 * 1024;

export const stats = { written: 0, bytes: 0, skipped: 0 };

export function record(path: string) {
  stats.written++;
  stats.bytes += statSync(path).size;
}
export function need(paths: string[]): boolean {
  if (FORCE || paths.some((p) => !existsSync(p))) return true;
  stats.skipped += paths.length;
  return false;
}
function ensureDir(path: string) {
  mkdirSync(dirname(path), { recursive: true });
}

/** Rasterises a 4:5 SVG drawn at the largest width and writes every IMAGE_WIDTHS variant. */
export async function writeWebpSet(makeSvg: (width: number) => string, pathFor: (w: number) => string): Promise<void> {
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

export async function pool<T>(items: readonly T[], size: number, fn: (x: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const x = items[next++];
      if (x !== undefined) await fn(x);
    }
  };
  await Promise.all(Array.from({ length: size }, worker));
}

export function dirSize(path: string): number {
  if (!existsSync(path)) return 0;
  let total = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const full = join(path, entry.name);
    total += entry.isDirectory() ? dirSize(full) : statSync(full).size;
  }
  return total;
}

export const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;
