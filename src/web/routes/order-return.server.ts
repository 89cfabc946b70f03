// The server half of the route module order-return.tsx (ADR 0017): what runs only on the server.
import path from 'node:path';

import { href, redirect } from 'react-router';

import { orderNumber } from '../../common/orders.ts';
import { creditBonusFor, refundDestinationsFor, storeCreditOffer } from '../../common/refunds.ts';
import { refundBonusPaise } from '../../server/store-credit/ledger.ts';
import { describeRequest, MAX_RETURN_PHOTOS, RETURN_STATUS_LABELS } from '../../common/returns.ts';
import { receiveUpload } from '../../server/storage/uploads.ts';
import {
  refundDestinationOf,
  refundEstimate,
  RETURN_MESSAGES,
  requestReturn,
  returnFormOf,
  returnWindow,
  unitsLeftToAsk,
} from '../../server/orders/returns.ts';
import { getApp } from '../app-context.server.ts';
import { failureData } from '../failures.server.ts';
import { returnDeps } from '../returns.server.ts';
import { getSessionUser } from '../session.server.ts';
import type { Route } from './+types/order-return';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request);
  if (!user) throw redirect(href('/login'));
  const { db, config } = getApp(context);
  const form = await returnFormOf(db, user.id, params.id);
  // Another shopper's order and an unknown one look the same.
  if (!form) throw new Response(RETURN_MESSAGES.notFound, { status: 404 });
  const { order, parcels, requests, sizes } = form;
  // The sizes each item is made in, and whether any are left (the server judges again on sending).
  const exchangeSizes = (productId: number, bought: string) => {
    const rows = sizes.filter((row) => row.productId === productId);
    return (rows[0]?.sizes ?? [])
      .filter((size) => size !== bought)
      .map((size) => ({ size, inStock: rows.some((row) => row.size === size && (row.units ?? 0) > 0) }));
  };
  // The store credit offer for each number of units that may be sent back, when the store gives a bonus.
  const bonusPercent = creditBonusFor(order, config.storeCredit.refundBonusPercent);
  const creditOffers = (item: { productId: number; size: string; left: number }) =>
    Array.from({ length: Math.max(item.left, 0) }, (_, index) => {
      const refund = refundEstimate(order, requests, item, index + 1);
      return storeCreditOffer(refund, refundBonusPaise(refund, bonusPercent)) ?? null;
    });
  return {
    orderId: order.id,
    number: orderNumber(order.id),
    window: returnWindow(order, parcels, config.returns) ?? null,
    /** Where a return's refund may go (common/refunds.ts `refundDestinationsFor`). */
    refundChoices: refundDestinationsFor(order),
    items: unitsLeftToAsk(order.itemsJson, requests).map((item) => ({
      key: `${item.productId}:${item.size}`,
      name: item.name,
      size: item.size,
      quantity: item.quantity,
      left: item.left,
      exchangeSizes: exchangeSizes(item.productId, item.size),
      creditOffers: bonusPercent > 0 ? creditOffers(item) : [],
    })),
    requests: requests.map((request) => ({
      id: request.id,
      summary: describeRequest(
        request,
        order.itemsJson.find((item) => item.productId === request.productId && item.size === request.size),
      ),
      status: RETURN_STATUS_LABELS[request.status],
      refundTo: refundDestinationOf(request),
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
