// Where uploaded product images are kept (ADR 0021): one interface, two drivers. The folder
// driver (the default) writes DATA_DIR/uploads/products; the S3 driver writes a bucket of any
// S3-compatible store. Callers name files only (`neon-tee-a1b2c3-320.webp`); each driver knows
// its folder or key prefix.
import type { Config, StorageSettings } from '../config.ts';
import { folderStorage, uploadsDir } from './folder.ts';
import { s3Storage } from './s3.ts';

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

// One S3 client per settings (its connections are kept alive); the folder driver holds nothing.
const s3Drivers = new WeakMap<StorageSettings, ImageStorage>();

/** The image storage the settings choose. */
export function imageStorage(config: Pick<Config, 'dataDir' | 'storage'>): ImageStorage {
  const settings = config.storage;
  if (settings.kind === 'local') return folderStorage(uploadsDir(config));
  let driver = s3Drivers.get(settings);
  if (!driver) {
    driver = s3Storage(settings);
    s3Drivers.set(settings, driver);
  }
  return driver;
}
