// The server half of the route module track-order.tsx (ADR 0017): one order's journey, by its
// number and email, for anyone (ADR 0023).
import { trackOrder } from '../../server/orders/tracking.ts';
import { getApp } from '../app-context.server.ts';
import { failureData } from '../failures.server.ts';
import { readForm } from '../form-body.server.ts';
import { getSessionUser } from '../session.server.ts';
import type { Route } from './+types/track-order';

export async function loader({ request, context }: Route.LoaderArgs) {
  return { signedIn: (await getSessionUser(context, request)) !== null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const form = await readForm(request);
  const result = await trackOrder(
    { db: app.db, limit: app.config.rateLimits.orderLookupPerIp },
    { orderNumber: form.get('orderNumber'), email: form.get('email') },
    { ip: app.clientIp },
  );
  return result.ok ? result : failureData(result);
}
