// First-load JavaScript of a page, in bytes as a browser downloads it gzipped: every script the
// browser requested while Lighthouse loaded the page (its network records), together with every
// script the server-rendered HTML points at (<script src>, <link rel="modulepreload">, and the
// imports of React Router's inline module script), each fetched again with
// `Accept-Encoding: gzip` and measured as it comes over the wire (encoded body bytes).
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';

import { eachMapping, TraceMap } from '@jridgewell/trace-mapping';

import type { NetworkRequest } from './lighthouse.ts';

export interface ScriptSize {
  url: string;
  /** Encoded body bytes with Accept-Encoding: gzip. */
  gzipBytes: number;
  /** Content-Encoding the server answered with ('identity' when none). */
  encoding: string;
  /** Bytes on the wire in Lighthouse's Chrome (Brotli when offered, headers included), if it loaded it. */
  browserTransferBytes: number | undefined;
  /** Whether the server-rendered HTML names it, and whether the browser requested it. */
  inHtml: boolean;
  requestedByBrowser: boolean;
}

export interface FirstLoadJs {
  kbGzip: number;
  bytesGzip: number;
  scripts: ScriptSize[];
}

const JS_MIME = /javascript|ecmascript/i;

/** Script URLs named by a server-rendered React Router page, resolved against the page URL. */
export function scriptsFromHtml(html: string, pageUrl: string): string[] {
  const found = new Set<string>();
  const add = (ref: string | undefined) => {
    if (!ref || ref.startsWith('data:')) return;
    found.add(new URL(decodeEntities(ref), pageUrl).href);
  };
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) add(attribute(tag, 'src'));
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const rel = attribute(tag, 'rel')?.toLowerCase().split(/\s+/) ?? [];
    if (rel.includes('modulepreload')) add(attribute(tag, 'href'));
  }
  for (const [, attrs = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (attribute(`<script${attrs}>`, 'src')) continue;
    if (!/type\s*=\s*["']?module/i.test(attrs)) continue;
    for (const [, ref] of body.matchAll(/\bimport\s*(?:[\w*{}\s,$]+\s*from\s*)?["']([^"']+)["']/g)) add(ref);
    for (const [, ref] of body.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) add(ref);
  }
  return [...found];
}

/** Measures the first-load JavaScript of `pageUrl` from its HTML and the browser's network records. */
export async function firstLoadJs(pageUrl: string, browserRequests: NetworkRequest[]): Promise<FirstLoadJs> {
  const page = await fetch(pageUrl, { headers: { 'Accept-Encoding': 'gzip' } });
  if (!page.ok) throw new Error(`GET ${pageUrl} answered ${page.status}`);
  const fromHtml = new Set(scriptsFromHtml(await page.text(), pageUrl));

  const fromBrowser = new Map<string, NetworkRequest>();
  for (const req of browserRequests) {
    if (req.url.startsWith('data:') || req.statusCode >= 400) continue;
    const isScript = req.resourceType === 'Script' || (req.mimeType !== undefined && JS_MIME.test(req.mimeType));
    if (isScript) fromBrowser.set(req.url, req);
  }

  const urls = [...new Set([...fromHtml, ...fromBrowser.keys()])].sort();
  const scripts: ScriptSize[] = [];
  for (const url of urls) {
    const seen = fromBrowser.get(url);
    const { bytes, encoding } =
      new URL(url).hostname === '127.0.0.1' || new URL(url).hostname === 'localhost'
        ? await wireSize(url)
        : // Not ours (should not happen offline): count what the browser got.
          { bytes: seen?.transferSize ?? 0, encoding: 'unknown' };
    scripts.push({
      url,
      gzipBytes: bytes,
      encoding,
      browserTransferBytes: seen?.transferSize,
      inHtml: fromHtml.has(url),
      requestedByBrowser: seen !== undefined,
    });
  }
  const bytesGzip = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
  return { kbGzip: Math.round((bytesGzip / 1024) * 10) / 10, bytesGzip, scripts };
}

/** Body bytes as sent (still encoded) for a GET with Accept-Encoding: gzip. */
function wireSize(url: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'Accept-Encoding': 'gzip' }, timeout: 10_000 }, (res) => {
      if ((res.statusCode ?? 500) >= 400) {
        res.resume();
        reject(new Error(`GET ${url} answered ${res.statusCode}`));
        return;
      }
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${url} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");
}

/** Where a page's first-load bytes come from: the framework's modules, or the store's own code. */
export interface FirstLoadShare {
  /** React DOM, React, the scheduler and React Router: the floor the store accepts. */
  frameworkKbGzip: number;
  /** Everything else: the store's own code, and the bundler's glue and helpers it needs. */
  ownKbGzip: number;
}

/** The framework's packages, as their sources appear in the browser build's source maps. */
const FRAMEWORK_SOURCE = /node_modules\/(react|react-dom|scheduler|react-router)\//;

/**
 * Splits the page's scripts' gzip bytes between the framework and the store's own code, by each
 * file's source map (`mapsDir`): a file's gzip bytes are shared by its sources in proportion to
 * their minified bytes, and the bytes no source claims (the bundler's glue) in the same
 * proportion. A file without a map (Vite's preload helper) is the store's.
 */
export function frameworkShare(scripts: ScriptSize[], assetsDir: string, mapsDir: string): FirstLoadShare {
  let framework = 0;
  let own = 0;
  for (const script of scripts) {
    const name = path.basename(new URL(script.url).pathname);
    const mapFile = path.join(mapsDir, `${name}.map`);
    if (!existsSync(mapFile)) {
      own += script.gzipBytes;
      continue;
    }
    const { frameworkBytes, mappedBytes } = minifiedBytesBySource(
      readFileSync(path.join(assetsDir, name), 'utf8'),
      new TraceMap(readFileSync(mapFile, 'utf8')),
    );
    const share = mappedBytes === 0 ? 0 : frameworkBytes / mappedBytes;
    framework += script.gzipBytes * share;
    own += script.gzipBytes * (1 - share);
  }
  const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  return { frameworkKbGzip: kb(framework), ownKbGzip: kb(own) };
}

/** The minified bytes the map gives to the framework's sources, and to any source at all. */
function minifiedBytesBySource(code: string, map: TraceMap): { frameworkBytes: number; mappedBytes: number } {
  const lineLengths = code.split('\n').map((line) => line.length);
  let frameworkBytes = 0;
  let mappedBytes = 0;
  let open: { line: number; column: number; source: string | null } | undefined;
  const close = (line: number, column: number) => {
    if (!open?.source) return;
    const bytes = line === open.line ? column - open.column : lineLengths[open.line - 1]! - open.column;
    mappedBytes += bytes;
    if (FRAMEWORK_SOURCE.test(open.source)) frameworkBytes += bytes;
  };
  eachMapping(map, (mapping) => {
    close(mapping.generatedLine, mapping.generatedColumn);
    open = { line: mapping.generatedLine, column: mapping.generatedColumn, source: mapping.source };
  });
  close(lineLengths.length, lineLengths.at(-1) ?? 0);
  return { frameworkBytes, mappedBytes };
}
