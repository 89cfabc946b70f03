// Like or unlike a product (a JSON POST of the wanted state), for the signed-in user.
import { CART_MESSAGES } from '../../common/cart-messages.ts';
import { setLike } from '../../server/likes/service.ts';
import { getApp } from '../app-context.server.ts';
import { readJson } from '../json-body.server.ts';
import { getSessionUser } from '../session.server.ts';
import type { Route } from './+types/api.likes';

export async function action({ request, context }: Route.ActionArgs) {
  const user = await getSessionUser(context, request);
  if (!user) return Response.json({ ok: false, message: CART_MESSAGES.likeNeedsLogin }, { status: 401 });
  const result = await setLike(getApp(context).db, user.id, (await readJson(request)) ?? {});
  return Response.json(result, { status: result.ok ? 200 : result.status });
}
