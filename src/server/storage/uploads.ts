// Receives a multipart upload as a stream: each file goes straight to its own temporary file on
// disk, never whole into memory (ADR 0014), and only its first bytes are kept, to tell its type by
// content. Sizes are counted while streaming; a file over the limit stops being written.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

import busboy from 'busboy';

import { MAX_IMAGE_BYTES } from '../../common/catalog.ts';
import { failure, type Failure, type Result } from '../errors.ts';

const HEAD_BYTES = 16;

export interface UploadedFile {
  /** The form field it came in. */
  field: string;
  /** The name the browser sent, which for a folder upload is its path inside the folder picked. */
  name: string;
  /** Where its bytes are, while the upload is being handled. */
  tempPath: string;
  /** Its first bytes, for telling its type. */
  head: Buffer;
  bytes: number;
  /** More than MAX_IMAGE_BYTES: only the beginning was kept. */
  tooLarge: boolean;
}

export interface Upload {
  fields: Map<string, string[]>;
  files: UploadedFile[];
  /** Removes the temporary files; call it when done, whatever happened. */
  discard(): Promise<void>;
}

export interface UploadLimits {
  maxFiles: number;
}

const NOT_A_FORM = 'The upload was not a form with files. Please try again.';

/**
 * Streams a multipart/form-data request into `tempRoot`. Refuses (an `invalid` failure, nothing
 * left on disk) a request that is not multipart, is cut short, or has more than `maxFiles` files.
 */
export async function receiveUpload(request: Request, tempRoot: string, limits: UploadLimits): Promise<Result<Upload>> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!contentType.startsWith('multipart/form-data') || !request.body) return failure('invalid', NOT_A_FORM);
  const dir = path.join(tempRoot, `upload-${randomUUID()}`);
  await mkdir(dir, { recursive: true });
  const discard = () => rm(dir, { recursive: true, force: true });

  const fields = new Map<string, string[]>();
  const files: UploadedFile[] = [];
  const writes: Promise<PromiseSettledResult<void>[]>[] = [];
  let refusal: Failure | undefined;

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // Keep the folder path of a folder upload ("astro-tee/1.jpg"); it is checked before any use.
      preservePath: true,
      limits: { files: limits.maxFiles, fileSize: MAX_IMAGE_BYTES, fields: 200, fieldSize: 64 * 1024 },
    });
  } catch {
    // A multipart type without a boundary.
    await discard();
    return failure('invalid', NOT_A_FORM);
  }
  parser.on('field', (name, value) => {
    const values = fields.get(name);
    if (values) values.push(value);
    else fields.set(name, [value]);
  });
  parser.on('file', (field, stream, info) => {
    const file: UploadedFile = {
      field,
      name: info.filename ?? '',
      tempPath: path.join(dir, String(files.length)),
      head: Buffer.alloc(0),
      bytes: 0,
      tooLarge: false,
    };
    files.push(file);
    stream.on('limit', () => {
      file.tooLarge = true;
    });
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        if (file.head.length < HEAD_BYTES) file.head = Buffer.concat([file.head, chunk.subarray(0, HEAD_BYTES)]);
        file.bytes += chunk.length;
        done(null, chunk);
      },
    });
    // Settled, never rejected: a request cut short fails the parse below, and a file's own
    // failure must not escape as an unhandled rejection.
    writes.push(Promise.allSettled([pipeline(stream, measure, createWriteStream(file.tempPath))]));
  });
  parser.on('filesLimit', () => {
    refusal = failure('invalid', `Upload at most ${limits.maxFiles} images at a time.`);
  });

  let failed = false;
  try {
    await pipeline(Readable.fromWeb(request.body as WebReadableStream), parser);
  } catch {
    failed = true;
  }
  const written = (await Promise.all(writes)).flat();
  if (failed || written.some((result) => result.status === 'rejected')) {
    await discard();
    return failure('invalid', 'The upload was interrupted. Please try again.');
  }
  if (refusal) {
    await discard();
    return refusal;
  }
  return { ok: true, fields, files, discard };
}

/** The single value of a field, or '' when it was not sent. */
export function fieldOf(upload: Upload, name: string): string {
  return upload.fields.get(name)?.[0] ?? '';
}
