// City and state for a pincode, from the bundled directory (GET /api/pincode?code=560001).
import type { Route } from './+types/api.pincode';

export { loader } from './api.pincode.server.ts';

// The address form asks through a fetcher (a `.data` request): it keeps the loader's caching too.
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
