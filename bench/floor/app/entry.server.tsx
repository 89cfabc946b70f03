// The store's own server entry: the floor page is rendered as the store's pages are (React Router's
// default entry plus the request's services and CSP nonce that the store's server hands every build
// it serves, src/server/app.ts), so that only the page itself differs.
export { appContext, default, handleError, streamTimeout } from '../../../src/web/entry.server.tsx';
