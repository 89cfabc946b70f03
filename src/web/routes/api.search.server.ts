// The server half of the route module api.search.ts (ADR 0017): what runs only on the server.
import { normaliseSearchText } from '../../server/catalog/search.ts';
import { getApp } from '../app-context.server.ts';
import { formatPaise } from '../../common/money.ts';
import type { SearchSuggestion } from '../../server/catalog/search.ts';
import type { SearchResponse, SearchResult } from './api.search.ts';
import type { Route } from './+types/api.search';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { search, logger, requestId } = getApp(context);
  const query = normaliseSearchText(new URL(request.url).searchParams.get('q') ?? '');
  try {
    const products = await search(query);
    return searchResponse({ query, results: products.map(toResult) }, 'public, max-age=30');
  } catch (error) {
    // docs/product.md §8: data errors are logged and give no results. Not cached: a retry may work.
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
