// The server half of the route module order-confirm.tsx (ADR 0017): what runs only on the server.
// A cash on delivery order's confirmation link (ADR 0047): the GET shows the order and a button,
// and confirms nothing (mail scanners fetch links); the POST confirms it.
import { redirect } from 'react-router';

import { orderNumber } from '../../common/orders.ts';
import { COD_CONFIRM_MESSAGES, confirmCodOrder, orderToConfirm } from '../../server/orders/cod.ts';
import { recordAudit } from '../../server/shared/audit.ts';
import { getApp } from '../app-context.server.ts';
import { failureData } from '../failures.server.ts';
import { readForm } from '../form-body.server.ts';
import { getSessionUser } from '../session.server.ts';
import type { Route } from './+types/order-confirm';

/** The link as it was opened, to come back to after signing in. */
const thisPage = (request: Request) => {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request);
  if (!user) return { signedIn: false as const, returnTo: thisPage(request) };
  const { db, config } = getApp(context);
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const found = await orderToConfirm(db, user.id, params.id, token, config.payments.cod.confirmHours);
  // The page says why the link cannot confirm the order. It answers 200 whatever the reason: after
  // the form's post the page is read again, and its answer's status would override the action's.
  if (!found.ok) return { signedIn: true as const, refusal: found.message, order: null };
  const { order } = found;
  return {
    signedIn: true as const,
    refusal: null,
    order: {
      id: order.id,
      number: orderNumber(order.id),
      token,
      items: order.itemsJson,
      subtotalPaise: order.subtotalPaise,
      discountPaise: order.discountPaise,
      codFeePaise: order.codFeePaise,
      totalPaise: order.totalPaise,
    },
  };
}

/**
 * Confirms the order: the token must match, the order be the signed-in shopper's, still awaiting
 * confirmation and within COD_CONFIRM_HOURS. The audit log records the shopper as who confirmed it.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await getSessionUser(context, request);
  // Signed out since the page was shown: the page asks them to log in, and brings them back.
  if (!user) throw redirect(thisPage(request));
  const form = await readForm(request);
  const app = getApp(context);
  const result = await confirmCodOrder(
    { db: app.db, orderEmails: app.orderEmails, confirmHours: app.config.payments.cod.confirmHours },
    user.id,
    params.id,
    { token: form.get('token') },
    (tx, { order, from, to }) =>
      recordAudit(
        tx,
        { id: user.id, email: user.email },
        {
          action: 'order.confirm',
          entityType: 'order',
          entityId: order.id,
          summary: `Order #${order.id.slice(0, 8)} confirmed by the customer: ${from} → ${to}`,
          before: { status: from },
          after: { status: to, codConfirmedAt: order.codConfirmedAt },
        },
      ),
  );
  if (!result.ok) return failureData(result);
  return { ok: true as const, message: COD_CONFIRM_MESSAGES.confirmed };
}
