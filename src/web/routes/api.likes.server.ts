// The server half of the route module api.likes.ts (ADR 0017): what runs only on the server.
import { href } from 'react-router';

import { CART_MESSAGES } from '../../common/cart-messages.ts';
import { failure } from '../../server/errors.ts';
import { setLike } from '../../server/likes/service.ts';
import { getApp } from '../app-context.server.ts';
import { failureJson } from '../failures.server.ts';
import { getSessionUser } from '../session.server.ts';
import { readSubmission, seeOther } from '../submission.server.ts';
import type { Route } from './+types/api.likes';

export async function action({ request, context }: Route.ActionArgs) {
  const submission = await readSubmission(request);
  const user = await getSessionUser(context, request);
  if (!user)
    return submission.form
      ? seeOther(href('/login'))
      : failureJson(failure('unauthenticated', CART_MESSAGES.likeNeedsLogin));
  // A form field is text: the wanted state arrives as "true" or "false".
  const wanted = submission.form ? { ...submission.body, liked: submission.body.liked === 'true' } : submission.body;
  const app = getApp(context);
  const result = await setLike(app.db, user.id, wanted ?? {}, app.config.rateLimits.likePerShopper);
  if (submission.form) return seeOther(submission.returnTo);
  return result.ok ? Response.json(result) : failureJson(result);
}
