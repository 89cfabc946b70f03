import { useEffect } from 'react';
import {
  href,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from 'react-router';

import type { Route } from './+types/root';
import type { loader } from './root.server.ts';
import stylesheet from './app.css?url';
import { useSessionOnKeptPage } from './auth/kept-page-session.ts';
import { useSessionSync } from './auth/session-sync.ts';
import { HydrateWhenNear } from './components/hydrate-when-near.tsx';
import { LoginPopup } from './components/login-popup.tsx';
import { PaintFirstScripts } from './components/paint-first-scripts.tsx';
import { SiteFooter } from './components/site-footer.tsx';
import { SiteHeader } from './components/site-header.tsx';
import { Toaster } from './components/toaster.tsx';
import { useRequestInfo } from './request-info.tsx';

export { loader } from './root.server.ts';

export function links(): Route.LinkDescriptors {
  return [
    { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
    { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  ];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const { requestId, nonce } = useRequestInfo();
  // Forms work before the scripts have loaded (plain posts) and better after: this mark tells when
  // the page has become interactive (end-to-end tests wait for it before testing the scripted path).
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#111111" />
        {requestId ? <meta name="request-id" content={requestId} /> : null}
        {/* With a precedence, React puts the stylesheet ahead of every other link in the head. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        {/* No paint before the whole navbar is in: its icons stand at the right, so each one parsed
            after a first paint would push the others aside (a layout shift). */}
        <link rel="expect" href="#main" blocking="render" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col font-sans antialiased">
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        {data ? <SiteHeader badges={data.badges} social={data.store.social} user={data.user} /> : null}
        <main id="main" className="flex-1">
          {children}
        </main>
        {data ? (
          <HydrateWhenNear data={data}>
            <SiteFooter store={data.store} year={data.year} />
          </HydrateWhenNear>
        ) : null}
        <Toaster />
        {data ? <LoginPopup signedIn={data.user !== null} storeName={data.store.name} /> : null}
        <ScrollRestoration nonce={nonce} />
        <PaintFirstScripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useSessionSync(loaderData.user?.id ?? null);
  useSessionOnKeptPage(loaderData.user !== null);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // The id names the document's own request: after a client-side navigation it would be stale.
  const onFirstPage = useLocation().key === 'default';
  const { requestId: documentRequestId } = useRequestInfo();
  const requestId = onFirstPage ? documentRequestId : undefined;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <title>Page not found | Trap the Trend</title>
        <h1 className="text-3xl font-bold">Page not found</h1>
        <p className="mt-4 text-muted">The page you were looking for does not exist or has moved.</p>
        <a href={href('/')} className="mt-8 inline-block rounded bg-ink px-6 py-3 font-semibold text-white">
          Back to home
        </a>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>Something went wrong | Trap the Trend</title>
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="mt-4 text-muted">We could not load this page. Please try again in a moment.</p>
      {requestId ? (
        <p className="mt-4 text-sm text-muted">
          Request id: <code>{requestId}</code>
        </p>
      ) : null}
      {import.meta.env.DEV && error instanceof Error ? (
        <pre className="mt-6 overflow-auto text-left text-xs">{error.stack}</pre>
      ) : null}
      <a href={href('/')} className="mt-8 inline-block rounded bg-ink px-6 py-3 font-semibold text-white">
        Back to home
      </a>
    </section>
  );
}
