// Where uploaded images are kept (ADR 0021): one interface, two drivers. The folder driver (the
// default) writes DATA_DIR; the S3 driver writes a bucket of any S3-compatible store. Callers name
// files only (`neon-tee-a1b2c3-320.webp`); each driver knows its folder or key prefix. There are two
// areas: product images, which may be public (ASSETS_URL), and the photos and logos shoppers send,
// which never are (ADR 0037): only the routes that check who asks read them.
import type { S3Client } from '@aws-sdk/client-s3';

import type { Config, StorageSettings } from '../config.ts';
import { folderStorage, shopperPhotosDir, uploadsDir } from './folder.ts';
import { s3Client, s3Storage } from './s3.ts';

/** Product images (public) or shoppers' photos and logos (private). */
export type StorageArea = 'products' | 'shopper-photos';

/** One stored file as it is read back. */
interface StoredFile {
  body: ReadableStream<Uint8Array>;
  contentType: string | undefined;
  /** Its size in bytes, when the store says. */
  bytes: number | undefined;
  etag: string | undefined;
  lastModified: Date | undefined;
}

export interface ImageStorage {
  readonly kind: StorageSettings['kind'];
  /** Stores a whole file under `name`; it appears complete or not at all. Throws when the store cannot take it. */
  write(name: string, bytes: Buffer, contentType: string): Promise<void>;
  /** A file, or undefined when there is none by that name. Throws when the store does not answer. */
  read(name: string): Promise<StoredFile | undefined>;
  /** Deletes files; a name with no file is not an error. Throws when the store does not answer. */
  remove(names: readonly string[]): Promise<void>;
  /** Resolves when the store answers (the bucket, or the folder, is there); for /readyz. */
  ping(): Promise<void>;
}

// One S3 client per settings (its connections are kept alive), and one driver per area; the folder
// driver holds nothing.
const s3Drivers = new WeakMap<StorageSettings, { client: S3Client; areas: Map<StorageArea, ImageStorage> }>();

function areaStorage(config: Pick<Config, 'dataDir' | 'storage'>, area: StorageArea): ImageStorage {
  const settings = config.storage;
  if (settings.kind === 'local') {
    return folderStorage(area === 'products' ? uploadsDir(config) : shopperPhotosDir(config));
  }
  let drivers = s3Drivers.get(settings);
  if (!drivers) {
    drivers = { client: s3Client(settings), areas: new Map() };
    s3Drivers.set(settings, drivers);
  }
  let driver = drivers.areas.get(area);
  if (!driver) {
    driver = s3Storage(drivers.client, settings, area);
    drivers.areas.set(area, driver);
  }
  return driver;
}

/** The storage of product images that the settings choose. */
export function imageStorage(config: Pick<Config, 'dataDir' | 'storage'>): ImageStorage {
  return areaStorage(config, 'products');
}

/**
 * The storage of shoppers' photos and logos. Before ADR 0037 they were kept beside the product
 * images under the same names; such a file, until it is moved (docs/operations/object-storage.md),
 * is still found there, and removed from there too, but only ever read through the store's own
 * routes.
 */
export function shopperPhotoStorage(config: Pick<Config, 'dataDir' | 'storage'>): ImageStorage {
  const storage = areaStorage(config, 'shopper-photos');
  const earlier = areaStorage(config, 'products');
  return {
    ...storage,
    async read(name) {
      return (await storage.read(name)) ?? earlier.read(name);
    },
    async remove(names) {
      await Promise.all([storage.remove(names), earlier.remove(names)]);
    },
  };
}
