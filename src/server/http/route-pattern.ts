// The route pattern a page request matched, for the metrics' `route` label: /product/123 is
// "/product/:id" and its data request (/product/123.data; /_.data for the home page) is
// "/product/:id.data". An address no route matches is one label, UNMATCHED, so that nobody can grow
// the label set by making up paths.
//
// The matching is React Router's (its path syntax, its ranking: static segments before dynamic
// ones, index routes first), over the build's routes compiled once: matchRoutes itself flattens,
// ranks and compiles every route again on each call, half a millisecond a request.
import type { ServerBuild } from 'react-router';

export const UNMATCHED = 'unmatched';

type ManifestRoute = Pick<
  ServerBuild['routes'][string] & object,
  'id' | 'parentId' | 'path' | 'index' | 'caseSensitive'
>;

/** What of a ServerBuild the matching reads: its flat route manifest and the manifest's address. */
interface Routes {
  routes: Record<string, ManifestRoute | undefined>;
  routeDiscovery: Pick<ServerBuild['routeDiscovery'], 'manifestPath'>;
}

interface Branch {
  pattern: string;
  regexp: RegExp;
  score: number;
}

const compiled = new WeakMap<Routes, Branch[]>();

/** The pattern of the page route `pathname` reaches in `build`, or UNMATCHED. */
export function pageRoutePattern(build: Routes, pathname: string): string {
  if (pathname === build.routeDiscovery.manifestPath) return pathname;
  // A page's data request is its path and '.data' ('/_.data' for '/'), as React Router's client asks.
  const data = pathname.endsWith('.data');
  const page = data ? pathname.replace(/(\/_)?\.data$/, '') || '/' : pathname;
  const pattern = branchesOf(build).find((branch) => branch.regexp.test(page))?.pattern;
  if (!pattern) return UNMATCHED;
  if (!data) return pattern;
  return pattern === '/' ? '/_.data' : `${pattern}.data`;
}

/** Every route as the full path from the root, compiled and ranked best first (once per build). */
function branchesOf(build: Routes): Branch[] {
  let branches = compiled.get(build);
  if (branches) return branches;
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  const found: Array<Branch & { order: number }> = [];
  const walk = (parentId: string | undefined, prefix: string) => {
    for (const route of routes.filter((r) => r.parentId === parentId)) {
      const path = `/${prefix}/${route.path ?? ''}`.replace(/\/{2,}/g, '/');
      if (!route.index) walk(route.id, path);
      found.push({
        pattern: path.replace(/(.)\/$/, '$1'),
        regexp: compilePath(path, route.caseSensitive ?? false),
        score: computeScore(path, route.index ?? false),
        order: found.length,
      });
    }
  };
  walk(undefined, '');
  branches = found.sort((a, b) => b.score - a.score || a.order - b.order);
  compiled.set(build, branches);
  return branches;
}

/** React Router's compilePath (matching the whole path, trailing slashes allowed). */
function compilePath(path: string, caseSensitive: boolean): RegExp {
  let source = `^${path
    .replace(/\/*\*?$/, '')
    .replace(/^\/*/, '/')
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:([\w-]+)(\?)?/g, (_, _name: string, optional?: string) =>
      optional ? '/?([^\\/]+)?' : '/([^\\/]+)',
    )}`;
  if (path.endsWith('*')) source += path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  else source += '\\/*$';
  return new RegExp(source, caseSensitive ? undefined : 'i');
}

/** React Router's ranking: more segments first, static before dynamic, index routes before layouts. */
function computeScore(path: string, index: boolean): number {
  const segments = path.split('/');
  const isSplat = (segment: string) => segment === '*';
  let score = segments.length + (segments.some(isSplat) ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments.filter((s) => !isSplat(s))) {
    score += /^:[\w-]+$/.test(segment) ? 3 : segment === '' ? 1 : 10;
  }
  return score;
}
