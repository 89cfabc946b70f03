import { Links, Meta, Outlet, Scripts } from 'react-router';

// The store's server allows inline scripts by a per-request nonce: React Router's need it too.
import { useRequestInfo } from '../../../src/web/request-info.tsx';

export default function Root() {
  const { nonce } = useRequestInfo();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* No icon: the browser's request for /favicon.ico would get the 404 page, a console error. */}
        <link rel="icon" href="data:," />
        <Meta />
        <Links />
      </head>
      <body>
        <Outlet />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}
