// Fit advice for one product (ADR 0030), asked by the size chart dialog when it opens
// and when a chest measurement is entered: GET /api/fit-advice?productId=12[&chest=96&unit=cm].
// Personal (the signed-in shopper's purchases), so never cached by anything shared.
import { loadFailuresInPage } from '../fetcher-failures.ts';
import type { Route } from './+types/api.fit-advice';

export { loader } from './api.fit-advice.server.ts';

/** Without a connection the dialog still shows the chart; it just gives no advice. */
export function clientLoader(args: Route.ClientLoaderArgs) {
  return loadFailuresInPage(args, { ok: false as const, message: 'Fit advice is not available offline.' });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
