// The import's upload (issue 8): folders of images streamed in one multipart POST, answered with
// what became of each folder. The page (product-import.tsx) sends it with upload progress.
import path from 'node:path';

import { CATEGORY_SLUGS, COLLECTION_SLUGS } from '../../../common/catalog.ts';
import { folderMessage, importFolders, MAX_IMPORT_FILES } from '../../../server/admin/product-import.ts';
import { fieldOf, receiveUpload, UploadError } from '../../../server/admin/uploads.ts';
import { requireAdmin } from '../../admin.server.ts';
import { getApp } from '../../app-context.server.ts';
import type { Route } from './+types/product-import-files';

export interface ImportAnswer {
  error?: string;
  folders?: Array<{ ok: boolean; message: string; productId?: number }>;
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const { db, config, logger } = getApp(context);
  const refuse = (error: string) => Response.json({ error } satisfies ImportAnswer, { status: 400 });
  let upload;
  try {
    upload = await receiveUpload(request, path.join(config.dataDir, 'tmp'), { maxFiles: MAX_IMPORT_FILES });
  } catch (error) {
    if (error instanceof UploadError) return refuse(error.message);
    throw error;
  }
  try {
    const collection = COLLECTION_SLUGS.find((slug) => slug === fieldOf(upload, 'collection'));
    const category = CATEGORY_SLUGS.find((slug) => slug === fieldOf(upload, 'category'));
    if (!collection) return refuse('Choose the collection for the imported products.');
    if (!category) return refuse('Choose the category for the imported products.');
    const files = upload.files.filter((file) => file.field === 'images');
    if (files.length === 0) return refuse('Choose one or more folders of images to import.');
    const results = await importFolders({ db, config, logger }, admin, { collection, category, files });
    return Response.json({
      folders: results.map((result) => ({
        ok: result.ok,
        message: folderMessage(result),
        productId: result.ok ? result.productId : undefined,
      })),
    } satisfies ImportAnswer);
  } finally {
    await upload.discard();
  }
}
