// The folder driver: uploaded images as files in DATA_DIR/uploads/products, which the app serves
// at /uploads/products (app.ts), and shoppers' photos in DATA_DIR/shopper-photos, which it never
// serves as files. A file is written beside its name and renamed into place, so a reader never
// sees half of one.
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { constants } from 'node:fs';
import { access, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

import type { Config } from '../config.ts';
import { checkedName } from './names.ts';
import type { ImageStorage } from './storage.ts';

export function uploadsDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'uploads', 'products');
}

/** Shoppers' photos and logos (ADR 0037): outside `uploads/`, so no static route can reach them. */
export function shopperPhotosDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'shopper-photos');
}

export function folderStorage(dir: string): ImageStorage {
  const fileOf = (name: string) => path.join(dir, checkedName(name));
  return {
    kind: 'local',
    async write(name, bytes) {
      const file = fileOf(name);
      const partial = `${file}.${randomBytes(4).toString('hex')}.part`;
      await mkdir(dir, { recursive: true });
      try {
        await writeFile(partial, bytes);
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async read(name) {
      const file = fileOf(name);
      let size: number;
      try {
        const found = await stat(file);
        if (!found.isFile()) return undefined;
        size = found.size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      return {
        body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>,
        contentType: name.endsWith('.webp') ? 'image/webp' : undefined,
        bytes: size,
        etag: undefined,
        lastModified: undefined,
      };
    },
    async remove(names) {
      await Promise.all(names.map((name) => rm(fileOf(name), { force: true })));
    },
    async ping() {
      // The app makes the folder at start; a disk that went away or turned read-only fails here.
      await access(dir, constants.W_OK);
    },
  };
}
