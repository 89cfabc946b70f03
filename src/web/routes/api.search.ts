// GET /api/search?q=… : the navbar's live search suggestions (docs/product.md §2 "Navbar", §7, §9).
import { loadFailuresInPage } from '../fetcher-failures.ts';
import type { Route } from './+types/api.search';

export { loader } from './api.search.server.ts';

/** Without a connection the suggestions are simply empty, as when the search fails (docs/product.md §8). */
export function clientLoader(args: Route.ClientLoaderArgs) {
  const query = new URL(args.request.url).searchParams.get('q') ?? '';
  return loadFailuresInPage<SearchResponse, SearchResponse>(args, { query, results: [] });
}

export interface SearchResult {
  id: number;
  name: string;
  /** Base path of the first image (variants add `-{width}.webp`), or null without images. */
  image: string | null;
  /** Formatted for display, e.g. "₹1,299.00". */
  price: string;
  pricePaise: number;
  availability: string;
}

export interface SearchResponse {
  /** The text searched: trimmed and cut at 100 characters; '' for a blank query. */
  query: string;
  results: SearchResult[];
}

// The navbar asks through a fetcher (a `.data` request): it keeps the loader's caching too.
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
