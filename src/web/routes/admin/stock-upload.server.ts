// The server half of the route module stock-upload.tsx (ADR 0017): what runs only on the server.
import { data } from 'react-router';

import {
  applyStockUpload,
  checkStockUpload,
  previewCounts,
  STOCK_UPLOAD_MESSAGES,
  type UploadRefusal,
} from '../../../server/admin/stock-upload.ts';
import type { Failure } from '../../../server/errors.ts';
import { requireAdmin } from '../../admin.server.ts';
import { getApp } from '../../app-context.server.ts';
import { statusOf } from '../../failures.server.ts';
import { readForm } from '../../form-body.server.ts';
import type { Route } from './+types/stock-upload';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  return null;
}

function refused(refusal: UploadRefusal | Failure) {
  const problems =
    'problems' in refusal ? { problems: refusal.problems, more: refusal.more } : { problems: [], more: 0 };
  return data({ stage: 'refused' as const, message: refusal.message, ...problems }, { status: statusOf(refusal) });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const { db } = getApp(context);
  const form = await readForm(request);
  const intent = form.get('intent');
  if (intent === 'apply') {
    // The file as the preview sent it back: checked again whole, nothing taken on trust.
    const csv = form.get('csv');
    const seen = form.get('seen');
    if (typeof csv !== 'string' || typeof seen !== 'string') {
      return refused({ ok: false, kind: 'invalid', message: STOCK_UPLOAD_MESSAGES.stale, problems: [], more: 0 });
    }
    const applied = await applyStockUpload(
      db,
      { id: admin.id, email: admin.email },
      new TextEncoder().encode(csv),
      seen,
    );
    if (!applied.ok) return refused(applied);
    return {
      stage: 'applied' as const,
      rows: applied.rows.map(({ line, productId, productName, size, before, after }) => ({
        line,
        productId,
        productName,
        size,
        before,
        after,
      })),
    };
  }
  const file = form.get('file');
  if (intent !== 'preview' || !(file instanceof File) || (file.size === 0 && file.name === '')) {
    return refused({ ok: false, kind: 'invalid', message: STOCK_UPLOAD_MESSAGES.noFile, problems: [], more: 0 });
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const checked = await checkStockUpload(db, bytes);
  if (!checked.ok) return refused(checked);
  return {
    stage: 'preview' as const,
    rows: checked.rows,
    // Sent back with Apply: the file itself, and the counts this preview showed.
    csv: new TextDecoder().decode(bytes).replace(/^\uFEFF/, ''),
    seen: previewCounts(checked.rows),
  };
}
