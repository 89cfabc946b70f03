// The cart's one door for the browser: add, change (quantity, selection, size) and remove, each a
// JSON POST answered with the outcome. The user comes from the session, never from the body.
import { CART_MESSAGES } from '../../common/cart-messages.ts';
import { addToCart, removeCartLine, updateCartLine } from '../../server/cart/service.ts';
import { getApp } from '../app-context.server.ts';
import { readJson } from '../json-body.server.ts';
import { getSessionUser } from '../session.server.ts';
import type { Route } from './+types/api.cart';

export type CartAnswer = { ok: true; message?: string } | { ok: false; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const user = await getSessionUser(context, request);
  if (!user) return answer({ ok: false, message: 'Please log in to use your cart.' }, 401);
  const { db } = getApp(context);
  const body = await readJson(request);
  if (!body) return answer({ ok: false, message: 'The request had no item in it.' }, 400);
  const { intent, ...line } = body;
  const result =
    intent === 'add'
      ? await addToCart(db, user.id, line)
      : intent === 'update'
        ? await updateCartLine(db, user.id, line)
        : intent === 'remove'
          ? await removeCartLine(db, user.id, line)
          : ({ ok: false, status: 400, message: 'Unknown cart request.' } as const);
  if (!result.ok) return answer({ ok: false, message: result.message }, result.status);
  return answer({ ok: true, message: intent === 'add' ? CART_MESSAGES.added : undefined });
}

function answer(body: CartAnswer, status = 200) {
  return Response.json(body, { status });
}
