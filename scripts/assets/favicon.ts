// The favicon: an SVG, an ICO of 16, 32 and 48 px PNGs, and the Apple touch icon.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import sharp from 'sharp';

import { need, PUBLIC, record } from './output.ts';

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

export async function writeFavicons(): Promise<void> {
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
