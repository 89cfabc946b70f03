// The server half of the route module order-return.tsx (ADR 0017): what runs only on the server.
import path from 'node:path';

import { and, eq, inArray } from 'drizzle-orm';
import { href, redirect } from 'react-router';

import { isUuid } from '../../common/ids.ts';
import { orderNumber } from '../../common/orders.ts';
import { describeRequest, MAX_RETURN_PHOTOS, RETURN_STATUS_LABELS } from '../../common/returns.ts';
import { receiveUpload } from '../../server/admin/uploads.ts';
import { orders, products, productStock } from '../../server/db/schema.ts';
import {
  RETURN_MESSAGES,
  requestReturn,
  returnsOfOrders,
  returnWindow,
  unitsLeftToAsk,
} from '../../server/orders/returns.ts';
import { shipmentsOf } from '../../server/orders/shipping.ts';
import { getApp } from '../app-context.server.ts';
import { failureData } from '../failures.server.ts';
import { returnDeps } from '../returns.server.ts';
import { getSessionUser } from '../session.server.ts';
import type { Route } from './+types/order-return';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request);
  if (!user) throw redirect(href('/login'));
  const { db, config } = getApp(context);
  const [order] = isUuid(params.id)
    ? await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, params.id), eq(orders.userId, user.id)))
    : [];
  // Another shopper's order and an unknown one look the same.
  if (!order) throw new Response(RETURN_MESSAGES.notFound, { status: 404 });
  const productIds = [...new Set(order.itemsJson.map((item) => item.productId))];
  const [parcels, requests, sizes] = await Promise.all([
    shipmentsOf(db, [order.id]).then((found) => found.get(order.id) ?? []),
    returnsOfOrders(db, [order.id]).then((found) => found.get(order.id) ?? []),
    db
      .select({ productId: products.id, sizes: products.sizes, size: productStock.size, units: productStock.quantity })
      .from(products)
      .leftJoin(productStock, eq(productStock.productId, products.id))
      .where(inArray(products.id, productIds)),
  ]);
  // The sizes each item is made in, and whether any are left (the server judges again on sending).
  const exchangeSizes = (productId: number, bought: string) => {
    const rows = sizes.filter((row) => row.productId === productId);
    return (rows[0]?.sizes ?? [])
      .filter((size) => size !== bought)
      .map((size) => ({ size, inStock: rows.some((row) => row.size === size && (row.units ?? 0) > 0) }));
  };
  return {
    orderId: order.id,
    number: orderNumber(order.id),
    window: returnWindow(order, parcels, config.returns) ?? null,
    items: unitsLeftToAsk(order.itemsJson, requests).map((item) => ({
      key: `${item.productId}:${item.size}`,
      name: item.name,
      size: item.size,
      quantity: item.quantity,
      left: item.left,
      exchangeSizes: exchangeSizes(item.productId, item.size),
    })),
    requests: requests.map((request) => ({
      id: request.id,
      summary: describeRequest(
        request,
        order.itemsJson.find((item) => item.productId === request.productId && item.size === request.size),
      ),
      status: RETURN_STATUS_LABELS[request.status],
    })),
    maxPhotos: MAX_RETURN_PHOTOS,
  };
}

/**
 * A return or exchange request, sent as a form with up to MAX_RETURN_PHOTOS photos: the service
 * checks the order is the shopper's before it decodes them, then judges the request and, if taken,
 * stores it with them.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await getSessionUser(context, request);
  if (!user) throw redirect(href('/login'));
  const { config } = getApp(context);
  const upload = await receiveUpload(request, path.join(config.dataDir, 'tmp'), { maxFiles: MAX_RETURN_PHOTOS });
  if (!upload.ok) return failureData(upload);
  try {
    const photos = upload.files.filter((file) => file.field === 'photos');
    const fields = Object.fromEntries([...upload.fields].map(([name, values]) => [name, values[0]]));
    const shopper = { id: user.id, email: user.email };
    const result = await requestReturn(returnDeps(context), shopper, params.id, fields, photos);
    if (!result.ok) {
      if (result.kind === 'not_found') throw new Response(result.message, { status: 404 });
      return failureData(result);
    }
    return { ok: true as const, message: RETURN_MESSAGES.requested };
  } finally {
    await upload.discard();
  }
}
