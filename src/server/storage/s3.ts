// The S3 driver: uploaded images as objects of a bucket in any S3-compatible store (Amazon S3,
// Cloudflare R2, MinIO, …). Product images go under the key prefix `uploads/products/`, so that a
// bucket's public address works as ASSETS_URL with the same paths the store serves, and carry the
// year-long immutable caching the store gives them, for browsers and CDNs that fetch them directly.
// Shoppers' photos go under `private/shopper-photos/`, which is never made public (ADR 0037): the
// store reads them for the routes that check who asks.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';

import type { StorageSettings } from '../config.ts';
import { checkedName } from './names.ts';
import type { ImageStorage, StorageArea } from './storage.ts';

type S3Settings = Extract<StorageSettings, { kind: 's3' }>;

/** Where in the bucket each area's objects are, and the caching they are written with. */
const AREAS: Record<StorageArea, { prefix: string; cacheControl: string }> = {
  products: { prefix: 'uploads/products/', cacheControl: 'public, max-age=31536000, immutable' },
  'shopper-photos': { prefix: 'private/shopper-photos/', cacheControl: 'private, no-store' },
};

/** A client for the bucket the settings name; its connections are kept alive, so the drivers share one. */
export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // A store that is down answers an upload with an error in seconds, not after minutes.
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000, throwOnRequestTimeout: true },
    // Checksums only where S3 requires them: not every S3-compatible store knows the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export function s3Storage(client: S3Client, settings: S3Settings, area: StorageArea): ImageStorage {
  const Bucket = settings.bucket;
  const { prefix, cacheControl } = AREAS[area];
  const keyOf = (name: string) => `${prefix}${checkedName(name)}`;
  return {
    kind: 's3',
    async write(name, bytes, contentType) {
      // One PUT: S3 makes an object visible whole or not at all.
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: keyOf(name),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
          CacheControl: cacheControl,
        }),
      );
    },
    async read(name) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(name) }));
        if (!object.Body) return undefined;
        return {
          body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>,
          contentType: object.ContentType,
          bytes: object.ContentLength,
          etag: object.ETag,
          lastModified: object.LastModified,
        };
      } catch (error) {
        if (
          error instanceof S3ServiceException &&
          (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)
        )
          return undefined;
        throw error;
      }
    },
    async remove(names) {
      // One DELETE each: deleting a missing key succeeds, and DeleteObjects is not everywhere.
      await Promise.all(names.map((name) => client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(name) }))));
    },
    async ping() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}
