// The server half of the route module product-stock.tsx (ADR 0017): what runs only on the server.
import { data } from 'react-router';

import { SIZES } from '../../../common/catalog.ts';
import { parseSerialId } from '../../../common/ids.ts';
import { formatOrderDate } from '../../../common/orders.ts';
import { signedUnits } from '../../../common/stock-adjustments.ts';
import { STOCK_MOVEMENT_LABELS } from '../../../common/stock-movements.ts';
import { shortOrderId } from '../../../server/admin/orders.ts';
import { adjustedMessage, adjustStock, getProductStock, reservedTotal } from '../../../server/admin/stock.ts';
import { requireAdmin } from '../../admin.server.ts';
import { getApp } from '../../app-context.server.ts';
import { statusOf } from '../../failures.server.ts';
import { readForm } from '../../form-body.server.ts';
import type { Route } from './+types/product-stock';

function productId(params: { id: string }): number {
  const id = parseSerialId(params.id);
  if (id === null) throw data('Product not found', { status: 404 });
  return id;
}

/**
 * Each size's page of history, from `?page-M=2`: anything but a whole number above 1 is the first,
 * and no page past 100,000 is asked for (as the other staff lists), so its offset stays a number
 * the database takes.
 */
function historyPages(url: URL): Partial<Record<string, number>> {
  return Object.fromEntries(
    SIZES.map((size) => [
      size,
      Math.min(100_000, Math.max(1, Number.parseInt(url.searchParams.get(`page-${size}`) ?? '1', 10) || 1)),
    ]),
  );
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const found = await getProductStock(getApp(context).db, productId(params), historyPages(new URL(request.url)));
  if (!found) throw data('Product not found', { status: 404 });
  return {
    product: found.product,
    sizes: found.sizes.map(({ size, units, mark, reserved, waiting, history }) => ({
      size,
      units,
      mark,
      waiting,
      reserved: { ...reserved, total: reservedTotal(reserved) },
      page: history.page,
      pages: history.pages,
      entries: history.entries.map((entry) => ({
        id: entry.id,
        when: formatOrderDate(entry.createdAt),
        what: entry.sold ? 'Sold' : STOCK_MOVEMENT_LABELS[entry.kind],
        order: entry.orderId ? { id: entry.orderId, shortId: shortOrderId(entry.orderId) } : null,
        change: signedUnits(entry.change),
        after: entry.quantityAfter,
        by: entry.actorEmail ?? 'The store',
        note: entry.note ?? '',
      })),
    })),
  };
}

type Field = 'size' | 'reason' | 'units' | 'note';

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const id = productId(params);
  const form = await readForm(request);
  // A count also sends what the page showed of its size: the units and the mark of its latest change.
  const text = (name: Field | 'was' | 'mark') => {
    const value = form.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const input = {
    size: text('size'),
    reason: text('reason'),
    units: text('units'),
    note: text('note'),
    was: text('was'),
    mark: text('mark'),
  };
  const result = await adjustStock(getApp(context).db, { id: admin.id, email: admin.email }, id, input);
  if (!result.ok) {
    if (result.kind === 'not_found') throw data('Product not found', { status: 404 });
    return data(
      {
        tone: 'error' as const,
        message: result.message,
        size: input.size ?? '',
        fieldErrors: (result.fieldErrors ?? {}) as Partial<Record<Field, string>>,
        // What was typed comes back, so the form keeps it.
        values: {
          reason: input.reason ?? '',
          units: (input.units ?? '').slice(0, 20),
          note: (input.note ?? '').slice(0, 400),
        },
      },
      { status: statusOf(result) },
    );
  }
  return {
    tone: 'success' as const,
    message: adjustedMessage(result.adjusted),
    size: result.adjusted.size,
    fieldErrors: {} as Partial<Record<Field, string>>,
    values: undefined,
  };
}
