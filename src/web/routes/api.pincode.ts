// City (the district) and state of a pincode, from India Post's directory (GET /api/pincode?code=560001).
import { loadFailuresInPage } from '../fetcher-failures.ts';
import type { Route } from './+types/api.pincode';

export { loader } from './api.pincode.server.ts';

/** Without a connection nothing is filled in: the shopper types the city and state. */
export function clientLoader(args: Route.ClientLoaderArgs) {
  return loadFailuresInPage(args, {});
}

// The address form asks through a fetcher (a `.data` request): it keeps the loader's caching too.
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
