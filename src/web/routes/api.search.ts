// GET /api/search?q=… : the navbar's live search suggestions (SPEC §2 "Navbar", §7, §9).
import { formatPaise } from '../../common/money.ts';
import { normaliseSearchText, searchProducts, type SearchSuggestion } from '../../server/catalog/search.ts';
import { getApp } from '../app-context.server.ts';
import type { Route } from './+types/api.search';

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

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, logger, requestId } = getApp(context);
  const query = normaliseSearchText(new URL(request.url).searchParams.get('q') ?? '');
  try {
    const products = await searchProducts(db, query);
    return searchResponse({ query, results: products.map(toResult) }, 'public, max-age=30');
  } catch (error) {
    // SPEC §8: data errors are logged and give empty results. Not cached: the next try may work.
    logger.error({ requestId, err: error, query }, 'search failed');
    return searchResponse({ query, results: [] }, 'no-store');
  }
}

function toResult(product: SearchSuggestion): SearchResult {
  return {
    id: product.id,
    name: product.name,
    image: product.images[0] ?? null,
    price: formatPaise(product.pricePaise),
    pricePaise: product.pricePaise,
    availability: product.availability,
  };
}

function searchResponse(body: SearchResponse, cacheControl: string): Response {
  return Response.json(body, { headers: { 'Cache-Control': cacheControl } });
}
