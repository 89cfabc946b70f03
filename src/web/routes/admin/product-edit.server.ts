// The server half of the route module product-edit.tsx (ADR 0017): what runs only on the server.
import path from 'node:path';
import { data, href, redirect } from 'react-router';
import { MAX_IMAGES_PER_PRODUCT, type CategorySlug } from '../../../common/catalog.ts';
import { bySize } from '../../../common/size-chart.ts';
import { saveSizeChart, SIZE_CHART_MESSAGES } from '../../../server/admin/size-charts.ts';
import { categoryChart, productOwnChart } from '../../../server/catalog/size-chart.ts';
import { deleteProduct, getProductForEdit, updateProduct } from '../../../server/admin/product-edit.ts';
import { parseSerialId } from '../../../common/ids.ts';
import { parseProductEdit } from '../../../server/admin/product-input.ts';
import { fieldOf, receiveUpload } from '../../../server/storage/uploads.ts';
import type { Failure } from '../../../server/errors.ts';
import { requireAdmin } from '../../admin.server.ts';
import { getApp } from '../../app-context.server.ts';
import type { Route } from './+types/product-edit';

function productId(params: { id: string }): number {
  const id = parseSerialId(params.id);
  if (id === null) throw data('Product not found', { status: 404 });
  return id;
}

export type ActionAnswer = { tone: 'success' | 'error'; message: string; errors?: Record<string, string> };

/**
 * A refusal as the page's alert, with each field's message by its input. It answers 200 like a
 * save: the page is the answer, not a failed request (the admin journey's test expects none).
 */
function refused(failure: Failure): ActionAnswer {
  return { tone: 'error', message: failure.message, errors: failure.fieldErrors };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const { db } = getApp(context);
  const found = await getProductForEdit(db, productId(params));
  if (!found) throw data('Product not found', { status: 404 });
  const [own, inherited] = await Promise.all([
    productOwnChart(db, found.product.id),
    found.product.category ? categoryChart(db, found.product.category as CategorySlug) : [],
  ]);
  return { ...found, sizeChart: { own: bySize(own), inherited: bySize(inherited) } };
}

export async function action({ request, params, context }: Route.ActionArgs): Promise<ActionAnswer> {
  const admin = await requireAdmin(context, request);
  const id = productId(params);
  const { db, config, logger } = getApp(context);
  // Multipart, because a save may carry new images; they stream to disk.
  const upload = await receiveUpload(request, path.join(config.dataDir, 'tmp'), { maxFiles: MAX_IMAGES_PER_PRODUCT });
  if (!upload.ok) return refused(upload);
  try {
    if (fieldOf(upload, 'intent') === 'size-chart') {
      const fields = Object.fromEntries([...upload.fields].map(([name, values]) => [name, values[0]]));
      const saved = await saveSizeChart(db, admin, { productId: id }, fields);
      if (!saved.ok) return refused(saved);
      return { tone: 'success', message: SIZE_CHART_MESSAGES.saved };
    }
    if (fieldOf(upload, 'intent') === 'delete') {
      const deleted = await deleteProduct({ db, config, logger }, admin, id);
      if (!deleted.ok) return refused(deleted);
      throw redirect(`${href('/admin/products')}?deleted=${encodeURIComponent(deleted.name)}`);
    }
    const parsed = parseProductEdit((name) => upload.fields.get(name) ?? []);
    if (!parsed.ok) return refused(parsed);
    // An empty file input still sends one nameless, empty part.
    const newFiles = upload.files.filter((file) => file.field === 'newImages' && (file.name !== '' || file.bytes > 0));
    const saved = await updateProduct({ db, config, logger }, admin, id, parsed.edit, newFiles);
    if (!saved.ok) return refused(saved);
    return { tone: 'success', message: `Saved "${saved.product.name}".` };
  } finally {
    await upload.discard();
  }
}
