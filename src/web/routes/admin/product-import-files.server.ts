// The server half of the route module product-import-files.ts (ADR 0017): what runs only on the server.
import path from 'node:path';
import { CATEGORY_SLUGS, COLLECTION_SLUGS } from '../../../common/catalog.ts';
import { folderMessage, importFolders, MAX_IMPORT_FILES } from '../../../server/admin/product-import.ts';
import { fieldOf, receiveUpload } from '../../../server/storage/uploads.ts';
import { failure, type Failure } from '../../../server/errors.ts';
import { requireAdmin } from '../../admin.server.ts';
import { getApp } from '../../app-context.server.ts';
import { statusOf } from '../../failures.server.ts';
import type { ImportAnswer } from './product-import-files.ts';
import type { Route } from './+types/product-import-files';

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const { db, config, logger } = getApp(context);
  const upload = await receiveUpload(request, path.join(config.dataDir, 'tmp'), { maxFiles: MAX_IMPORT_FILES });
  if (!upload.ok) return refuse(upload);
  try {
    const collection = COLLECTION_SLUGS.find((slug) => slug === fieldOf(upload, 'collection'));
    const category = CATEGORY_SLUGS.find((slug) => slug === fieldOf(upload, 'category'));
    if (!collection) return refuse(failure('invalid', 'Choose the collection for the imported products.'));
    if (!category) return refuse(failure('invalid', 'Choose the category for the imported products.'));
    const files = upload.files.filter((file) => file.field === 'images');
    if (files.length === 0) return refuse(failure('invalid', 'Choose one or more folders of images to import.'));
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

/** The whole upload refused: the page reads its message as `error`. */
function refuse(refusal: Failure): Response {
  return Response.json({ error: refusal.message } satisfies ImportAnswer, { status: statusOf(refusal) });
}
