// The one app factory (docs/architecture.md "How a request flows"): every request passes the same
// middleware, then reaches static files, health checks, or the React Router handler.
import { createHmac } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import { routePath } from 'hono/route';
import {
  createRequestHandler,
  RouterContextProvider,
  type RequestHandler,
  type RouterContext,
  type ServerBuild,
} from 'react-router';

import { UPLOADED_IMAGES_PATH } from '../common/images.ts';
import type { AppContext } from './app-context.ts';
import type { Auth } from './auth/auth.ts';
import { createCatalogReads } from './catalog/catalog-reads.ts';
import { openLiveSearch } from './catalog/search.ts';
import type { Payments } from './checkout/runtime.ts';
import { handleRazorpayWebhook } from './checkout/webhook.ts';
import { handleShiprocketWebhook } from './courier/webhook.ts';
import { resolveAuthSecret, type Config } from './config.ts';
import type { DatabaseHandle, Listening } from './db/client.ts';
import { bodyLimits } from './http/body-limits.ts';
import { clientAddress, isLoopback, isTrustedProxy, rateLimitKey } from './shared/client-address.ts';
import { coalesced } from './http/coalesced.ts';
import { compress } from './http/compression.ts';
import { failureJson } from './http/failures.ts';
import { shedOverload } from './http/overload.ts';
import { dropClock, DROPS_TABLE } from './drops/clock.ts';
import { dropQueue, LINE_TABLES } from './drops/queue.ts';
import { createDocumentCache, type DocumentCacheVariables } from './http/document-cache.ts';
import { personalPagesUncached } from './http/personal-pages.ts';
import { onPublicOrigin } from './http/public-origin.ts';
import { pageRoutePattern } from './http/route-pattern.ts';
import { sameOriginOnly } from './http/same-origin.ts';
import { securityHeaders } from './http/security-headers.ts';
import { signedInMarker } from './http/signed-in-marker.ts';
import {
  CATALOG_CHANGED,
  hasSessionCookie,
  isVisitorPage,
  visitorPageAddress,
  withoutSessionCookies,
} from './http/visitor-pages.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { Logger } from './logger.ts';
import { outboxDir, type Mailer } from './mail/mailer.ts';
import { OUTBOX_PATH, outboxRoutes } from './mail/outbox-page.ts';
import { hasBearerToken, type Metrics } from './metrics.ts';
import { NOTIFY_UNSUBSCRIBE_PATH } from './notify/tokens.ts';
import type { OrderEmails } from './orders/emails.ts';
import { createRazorpaySandbox } from './payments/sandbox.ts';
import { SANDBOX_PATH } from './payments/settings.ts';
import type { Shipping } from './shipping/runtime.ts';
import { SHIPROCKET_SANDBOX_PATH, SHIPROCKET_WEBHOOK_PATH } from './shipping/settings.ts';
import { createShiprocketSandbox } from './shipping/shiprocket-sandbox.ts';
import { uploadsDir } from './storage/folder.ts';
import { streamStoredImages } from './storage/serve.ts';
import { imageStorage } from './storage/storage.ts';
import { withTimeout } from './with-timeout.ts';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  auth: Auth;
  mailer: Mailer;
  payments: Payments;
  shipping: Shipping;
  /** This app's metrics (GET /metrics); the payments count into the same. */
  metrics: Metrics;
  /** The background job queue (/readyz reports it). */
  jobs: JobQueue;
  orderEmails: OrderEmails;
  /** The React Router server build, or a function returning the latest one (development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Folder of the built browser assets; production only (development serves them through Vite). */
  clientDir?: string | undefined;
}

type AppEnv = {
  Variables: DocumentCacheVariables & {
    requestId: string;
    /** Who sent the request (shared/client-address.ts); undefined for in-process requests. */
    client: string | undefined;
    /** Whether it came through a trusted reverse proxy, so that its URL is PUBLIC_URL's. */
    viaTrustedProxy: boolean;
    /** The metrics' route label when a static file answered ('static'); others are found afterwards. */
    route: string | undefined;
  };
};

const WEBHOOK_PATH = '/api/webhooks/razorpay';

/** The paths of a shopper who holds units: paying for them, asking how the payment went, closing the window. */
const SHOPPERS_HOLDING_UNITS = ['/api/payments/verify', '/api/payments/status', '/api/payments/cancel'];

export function createApp({
  config,
  database,
  logger,
  auth,
  mailer,
  payments,
  shipping,
  metrics,
  jobs,
  orderEmails,
  build,
  clientDir,
}: AppDependencies): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use(requestId({ headerName: 'X-Request-Id', limitLength: 64 }));
  app.use(async (c, next) => {
    const peer = peerAddress(c);
    c.set('client', clientAddress(config.trustProxy, peer, c.req.header('X-Forwarded-For')));
    c.set('viaTrustedProxy', isTrustedProxy(config.trustProxy, peer));
    if (c.get('viaTrustedProxy')) c.req.raw = onPublicOrigin(c.req.raw, config.publicUrl);
    await next();
  });
  app.use(async (c, next) => {
    const startedAt = performance.now();
    await next();
    // Set on the final response: handlers return Responses of their own.
    c.res.headers.set('X-Request-Id', c.get('requestId'));
    const ms = performance.now() - startedAt;
    metrics.request(c.req.method, await routeLabel(c), c.res.status, ms / 1000);
    logger.info(
      {
        requestId: c.get('requestId'),
        client: c.get('client'),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(ms * 10) / 10,
      },
      'request',
    );
  });
  app.use(securityHeaders(config));
  app.use(personalPagesUncached());
  app.use(compress());
  app.use(async (c, next) => {
    if (!isDecodable(c.req.url)) return c.text('Bad Request: malformed URL', 400);
    await next();
  });

  // Webhooks come from Razorpay's and Shiprocket's servers and prove themselves with their signature
  // or token; the sandboxes' APIs are called by this server, with its key or token. A mail client's
  // one-click unsubscribe (RFC 8058) posts from no page at all, and its link's token is the proof.
  app.use(
    sameOriginOnly(config.publicUrl, [
      NOTIFY_UNSUBSCRIBE_PATH,
      WEBHOOK_PATH,
      `${SANDBOX_PATH}/v1/`,
      SHIPROCKET_WEBHOOK_PATH,
      `${SHIPROCKET_SANDBOX_PATH}/v1/`,
    ]),
  );
  app.use(bodyLimits([WEBHOOK_PATH, SHIPROCKET_WEBHOOK_PATH]));

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  // Ready when the database answers. The image store and the job queue are reported beside it but
  // do not decide: without the store only uploads fail, and pages keep their images from the
  // public URL (ADR 0021); the queue lives in the same database, and its jobs wait for it.
  const images = imageStorage(config);
  app.get('/readyz', async (c) => {
    const answers = (check: Promise<void>, what: string) =>
      check.then(
        () => 'ok' as const,
        (error: unknown) => {
          logger.warn({ requestId: c.get('requestId'), err: error }, `${what} not answering`);
          return 'unavailable' as const;
        },
      );
    const [objectStore, queue] = await Promise.all([
      answers(withTimeout(images.ping(), 2000, 'the image store'), 'image store'),
      answers(jobs.ping(), 'job queue'),
    ]);
    const report = { database: database.kind, storage: { kind: images.kind, status: objectStore }, jobs: queue };
    try {
      await database.ping();
      return c.json({ status: 'ready', ...report });
    } catch (error) {
      logger.warn({ requestId: c.get('requestId'), err: error }, 'database not ready');
      return c.json({ status: 'unavailable', ...report }, 503);
    }
  });

  /**
   * The route a request reached, for the metrics: the pattern of the one of this app's own routes
   * that answered (/healthz, the webhook, …), 'static' for a file, or else the page route's pattern
   * in the build ('unmatched' for an unknown address), never the raw path.
   */
  const routeLabel = async (c: Context<AppEnv>) => {
    const route = c.get('route') ?? routePath(c);
    // '*' (Hono writes it '/*'): the page handler, or a middleware that answered before it.
    if (route !== '/*' && route !== '*') return route;
    return pageRoutePattern(typeof build === 'function' ? await build() : build, c.req.path);
  };

  // What every request reads alike, kept until the catalog changes: visitors' whole pages, and the
  // catalog's reads of anyone's (ADR 0032). Both are dropped on a notice of the catalog's triggers
  // (migrations 0015 and 0016), and used only while this instance listens for them.
  // At a drop's minute the pages showing its countdown go, on every instance at once, and until
  // then shared caches in front keep no page past that minute (drops/clock.ts). Those waiting to
  // hear of it are emailed then too, not at the next minute's run (notify/sending.ts); the queue
  // takes one such run at a time, however many instances ask.
  const dropTimes = dropClock({
    db: database.db,
    logger,
    onLive: () => {
      catalog.purge();
      documents.purge();
      jobs
        .send(database.db, 'notify-waiting', {})
        .catch((error: unknown) => logger.warn({ err: error }, 'could not start the notify emails of a drop'));
    },
  });
  // A drop's crowd is let in at the rate the instances answer, in the order it came (drops/queue.ts).
  const queue = dropQueue({
    db: database.db,
    settings: config.dropQueue,
    secret: createHmac('sha256', resolveAuthSecret(config)).update('drop-queue').digest('base64url'),
    secureCookies: config.publicUrl.startsWith('https://'),
    storeName: config.store.name,
    logger,
  });
  const documents = createDocumentCache({
    sharedKeepMs: dropTimes.msUntilNextDrop,
    isVisitorPage,
    pageAddress: visitorPageAddress,
    hasSession: hasSessionCookie,
    withoutSession: withoutSessionCookies,
    onForeignScript: (path) =>
      logger.warn({ path }, 'a visitor page held an inline script the store did not write: not kept'),
  });
  const catalog = createCatalogReads();
  const search = openLiveSearch(database);
  const caches = [documents, catalog];
  const setListening = (value: Listening | undefined) => caches.forEach((cache) => cache.setListening(value));
  // A burst of changes costs every visitor page one render more, not one per change (ADR 0036); the
  // catalog's reads are a few queries to refill and show a shopper their own like at once.
  const dropDocuments = coalesced(documents.purge, config.pageCacheChangeWindowMs);
  database
    .listen(CATALOG_CHANGED, {
      onNotice: (table) => {
        catalog.purge();
        dropDocuments();
        // Only a change of the drops themselves moves the next minute: stock changes, which come
        // with every hold in a drop's minute, do not ask the database again. Which products have a
        // line changes with the drops and the products.
        if (table === DROPS_TABLE) dropTimes.refresh();
        if (LINE_TABLES.has(table)) queue.refresh();
      },
      onLost: () => setListening(undefined),
      // Drops made or moved while the notices were lost are read again.
      onBack: (listening) => {
        setListening(listening);
        dropTimes.refresh();
        queue.refresh();
      },
    })
    .then(setListening, (error: unknown) =>
      logger.warn({ err: error }, 'not hearing of catalog changes yet: every page reads the catalog'),
    );

  const mode = config.env === 'development' ? 'development' : 'production';
  // Two handlers over one build: everyone's knows no admin routes at all, so for anyone but an
  // admin the area is an unknown address like any other (its pages, their data and the client's
  // route discovery alike); the admin routes' own loaders check the role again.
  const handlers = new WeakMap<ServerBuild, { everyone: RequestHandler; admins: RequestHandler }>();
  const handlersFor = (current: ServerBuild) => {
    let pair = handlers.get(current);
    if (!pair) {
      pair = {
        everyone: createRequestHandler(withoutAdminRoutes(current), mode),
        admins: createRequestHandler(current, mode),
      };
      handlers.set(current, pair);
    }
    return pair;
  };
  const isAdmin = async (request: Request) =>
    (await auth.api.getSession({ headers: request.headers }))?.user.role === 'admin';

  /** The store's pages and data: the React Router handler (for an unknown address, the 404 page). */
  const renderPage = async (c: Context<AppEnv>) => {
    const context = new RouterContextProvider();
    const services: AppContext = {
      db: database.db,
      config,
      logger,
      auth,
      mailer,
      payments,
      shipping,
      orderEmails,
      jobs,
      requestId: c.get('requestId'),
      clientIp: rateLimitKey(c.get('client')),
      nonce: c.get('nonce'),
      search,
      catalog,
      dropQueue: queue,
    };
    const currentBuild = typeof build === 'function' ? await build() : build;
    context.set(appContextOf(currentBuild), services);
    const { everyone, admins } = handlersFor(currentBuild);
    const handler = reachesAdmin(new URL(c.req.url)) && (await isAdmin(c.req.raw)) ? admins : everyone;
    return handler(c.req.raw, context);
  };

  // Prometheus' scrape (docs/operations/metrics.md): only with METRICS_TOKEN set, and only to its bearer. To
  // anyone else it is the unknown address it is without the setting.
  const { metricsToken } = config;
  if (metricsToken) {
    app.get('/metrics', async (c) => {
      if (!hasBearerToken(c.req.header('Authorization'), metricsToken)) return renderPage(c);
      const { contentType, body } = await metrics.scrape();
      return c.body(body, 200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
    });
  }

  // better-auth's HTTP surface is the OpenID provider's return only; forms go through actions.
  app.all('/api/auth/callback/:providerId', (c) => auth.handler(c.req.raw));
  // Without SMTP the mails wait in the outbox; this page shows them (development and demo only) to
  // this machine or an admin. To anyone else, and in production, it is an unknown address.
  if (config.demo && mailer.kind === 'outbox') {
    app.use(`${OUTBOX_PATH}/*`, async (c, next) =>
      isLoopback(c.get('client')) || (await isAdmin(c.req.raw)) ? next() : renderPage(c),
    );
    app.route(OUTBOX_PATH, outboxRoutes(outboxDir(config)));
  }

  app.post(WEBHOOK_PATH, async (c) => {
    const outcome = await handleRazorpayWebhook(payments.deps, await c.req.text(), {
      signature: c.req.header('X-Razorpay-Signature'),
      eventId: c.req.header('x-razorpay-event-id'),
    });
    return outcome.ok ? c.json(outcome) : failureJson(outcome);
  });
  // The courier's tracking events (courier/webhook.ts): each scan kept, the parcel and its order moved
  // in one transaction before the answer; a prepaid parcel back at the warehouse is refunded by a job.
  app.post(SHIPROCKET_WEBHOOK_PATH, async (c) => {
    const outcome = await handleShiprocketWebhook(
      {
        db: database.db,
        razorpay: payments.deps.razorpay,
        logger,
        orderEmails,
        invoices: config.invoices,
        storeCredit: config.storeCredit,
        jobs,
        webhookToken: shipping.settings.shiprocket?.webhookToken,
        requestId: c.get('requestId'),
      },
      await c.req.text(),
      c.req.header('x-api-key'),
    );
    return outcome.ok ? c.json(outcome) : failureJson(outcome);
  });
  if (payments.settings.sandbox) {
    const { keyId, keySecret, webhookSecret } = payments.settings;
    app.route(
      SANDBOX_PATH,
      createRazorpaySandbox({
        keyId,
        keySecret,
        webhookSecret,
        autoCapture: payments.settings.capturedBy === 'razorpay',
        webhookUrl: `${config.publicUrl}${WEBHOOK_PATH}`,
        logger,
      }),
    );
  }
  if (shipping.settings.shiprocket?.sandbox) {
    const { email, password, webhookToken } = shipping.settings.shiprocket;
    app.route(
      SHIPROCKET_SANDBOX_PATH,
      createShiprocketSandbox({
        email,
        password,
        webhookToken,
        webhookUrl: `${config.publicUrl}${SHIPROCKET_WEBHOOK_PATH}`,
        pickupLocation: shipping.settings.pickupLocation,
        warehousePincode: shipping.settings.warehousePincode,
        logger,
      }),
    );
  }

  // Product images staff upload live in DATA_DIR, or in an object store that the store reads them
  // from (ADR 0021); their names are never reused, so browsers may keep them for a year. The photos
  // shoppers attach to return requests and reviews, and the logos of bulk order requests, are kept
  // apart (ADR 0037) and served only by their own routes (orders/return-photos, reviews/photos while
  // the review is shown, enquiries/logo: staff). Those kept beside the product images before that
  // are still there until moved, so their names are refused here.
  app.get(`${UPLOADED_IMAGES_PATH}/:name{(?:return|bulk|review)-.+}`, renderPage);
  if (images.kind === 'local') {
    mkdirSync(uploadsDir(config), { recursive: true });
    app.use(`${UPLOADED_IMAGES_PATH}/*`, serveBuilt(config.dataDir, 'public, max-age=31536000, immutable'));
  } else {
    app.get(`${UPLOADED_IMAGES_PATH}/:name`, streamStoredImages(images, logger));
  }

  if (clientDir && existsSync(clientDir)) {
    const root = path.relative(process.cwd(), clientDir);
    // Hashed build output never changes under a name, so browsers may keep it for a year.
    app.use('/assets/*', serveBuilt(root, 'public, max-age=31536000, immutable'));
    // The build's other files (icons, images, the hero video) are looked for on disk only under
    // its own top-level names: a page's address costs no file lookup.
    const builtNames = new Set(readdirSync(clientDir));
    const otherFiles = serveBuilt(root, 'public, max-age=604800');
    app.use('*', (c, next) =>
      builtNames.has(c.req.path.split('/')[1] || 'index.html') ? otherFiles(c, next) : next(),
    );
  }

  // A page's scripts learn from this cookie that the browser holds a session (ADR 0058); files
  // above never carry it, so a year's caching of theirs never holds one.
  app.use('*', signedInMarker());
  // In a drop's line a product page waits for the shopper's turn, kept or not: the line's page costs
  // no render, and is never shed.
  app.get('/product/*', queue.gate);
  // A visitor's pages come from the cache, dropped whenever the catalog changes (ADR 0032), and so
  // do a signed-in shopper's (ADR 0058). In development the build changes under it, so every page
  // is rendered, a shopper's for their session.
  if (config.env !== 'development') app.get('*', documents.middleware);
  // What is rendered, past what the instance answers in good time, waits and is then turned away
  // (503); kept pages are answered above, and a shopper paying for units they hold is never shed.
  app.use(
    '*',
    shedOverload({
      ...config.overload,
      // The page's fetchers ask for a route's `.data`.
      exempt: (path) => SHOPPERS_HOLDING_UNITS.includes(path.replace(/\.data$/, '')),
      onShed: (path) => logger.warn({ path }, 'overloaded: a request was turned away (503)'),
    }),
  );
  app.all('*', renderPage);

  app.onError((error, c) => {
    logger.error({ requestId: c.get('requestId'), err: error }, 'unhandled error');
    return c.text(`Something went wrong. Request id: ${c.get('requestId')}`, 500);
  });

  return app;
}

const ADMIN_ROUTE = /^routes\/admin\//;

/** The build as anyone but an admin may know it: without the admin area's routes. */
function withoutAdminRoutes(build: ServerBuild): ServerBuild {
  const keep = <T>(routes: Record<string, T>) =>
    Object.fromEntries(Object.entries(routes).filter(([id]) => !ADMIN_ROUTE.test(id)));
  return { ...build, routes: keep(build.routes), assets: { ...build.assets, routes: keep(build.assets.routes) } };
}

/** Whether a request reaches for the admin area: its pages, their data, or their route manifest. */
function reachesAdmin(url: URL): boolean {
  const isAdminPath = (path: string) => /^\/admin(\/|\.data$|$)/.test(path);
  if (isAdminPath(url.pathname)) return true;
  return url.pathname === '/__manifest' && (url.searchParams.get('paths') ?? '').split(',').some(isAdminPath);
}

/** The context key lives in the build so that loaders and this server share one identity. */
function appContextOf(build: ServerBuild) {
  return (build.entry.module as unknown as { appContext: RouterContext<AppContext> }).appContext;
}

/** Serves a file of the client build with the given caching, or passes the request on. */
function serveBuilt(root: string, cacheControl: string): MiddlewareHandler<AppEnv> {
  const serve = serveStatic({ root, precompressed: true });
  return async (c, next) => {
    const response = await serve(c, next);
    if (response instanceof Response) {
      response.headers.set('Cache-Control', cacheControl);
      c.set('route', 'static');
    }
    return response;
  };
}

/** The socket peer's address; in-process requests (tests) have none. */
function peerAddress(c: Parameters<typeof getConnInfo>[0]): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

function isDecodable(url: string): boolean {
  const { pathname, search } = new URL(url);
  try {
    decodeURIComponent(pathname);
    decodeURIComponent(search.replace(/\+/g, ' '));
    return true;
  } catch {
    return false;
  }
}
