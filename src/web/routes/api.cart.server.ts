// The server half of the route module api.cart.ts (ADR 0017): what runs only on the server.
import { href } from 'react-router';

import { CART_MESSAGES } from '../../common/cart-messages.ts';
import { addToCart, removeCartLine, updateCartLine } from '../../server/cart/service.ts';
import { failure } from '../../server/errors.ts';
import { getApp } from '../app-context.server.ts';
import { failureJson } from '../failures.server.ts';
import { getSessionUser } from '../session.server.ts';
import { readSubmission, seeOther } from '../submission.server.ts';
import type { Route } from './+types/api.cart';
import type { CartAnswer } from './api.cart.ts';

export async function action({ request, context }: Route.ActionArgs) {
  const submission = await readSubmission(request);
  const user = await getSessionUser(context, request);
  if (!user) {
    return submission.form
      ? seeOther(href('/login'))
      : failureJson(failure('unauthenticated', 'Please log in to use your cart.'));
  }
  if (!submission.body) return failureJson(failure('invalid', 'The request had no item in it.'));
  const { db, dropQueue } = getApp(context);
  const { intent, ...line } = submission.body;
  // A drop's product in its line goes in a cart only in the shopper's turn; a line already there
  // came in theirs.
  if (intent === 'add') {
    const turn = await dropQueue.requireTurn(request, user.id, Number(line.productId));
    if (!turn.ok) return submission.form ? seeOther(submission.returnTo) : failureJson(turn);
  }
  const result =
    intent === 'add'
      ? await addToCart(db, user.id, line)
      : intent === 'update'
        ? await updateCartLine(db, user.id, line)
        : intent === 'remove'
          ? await removeCartLine(db, user.id, line)
          : failure('invalid', 'Unknown cart request.');
  if (submission.form) return seeOther(submission.returnTo);
  if (!result.ok) return failureJson(result);
  return Response.json({ ok: true, message: intent === 'add' ? CART_MESSAGES.added : undefined } satisfies CartAnswer);
}
