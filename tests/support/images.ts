// Real image files for upload tests, drawn with sharp, and multipart requests that carry them.
import sharp from 'sharp';

import { receiveUpload, type Upload } from '../../src/server/storage/uploads.ts';

/** A small solid image in the given format. */
export async function imageBytes(format: 'png' | 'jpeg' | 'webp', colour = '#ff5a1f'): Promise<Buffer> {
  return sharp({ create: { width: 48, height: 60, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();
}

export interface UploadPart {
  /** The name sent for the file, with its folder: "astro-tee/1.png". */
  name: string;
  bytes: Buffer | string;
}

/** A multipart body as a browser sends it: fields first, then the files under `field`. */
export function uploadForm(fields: Record<string, string>, files: UploadPart[], field = 'images'): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files)
    form.append(field, new Blob([typeof file.bytes === 'string' ? file.bytes : new Uint8Array(file.bytes)]), file.name);
  return form;
}

/** Runs the upload receiver over a form, as a route would; a refused upload fails the test. */
export async function receive(form: FormData, tempRoot: string, maxFiles = 400): Promise<Upload> {
  const request = new Request('http://localhost/upload', { method: 'POST', body: form });
  const upload = await receiveUpload(request, tempRoot, { maxFiles });
  if (!upload.ok) throw new Error(upload.message);
  return upload;
}
