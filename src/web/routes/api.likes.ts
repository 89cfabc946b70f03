// Like or unlike a product, for the signed-in user: a fetcher's JSON of the wanted state is
// answered with the new count; the like button's plain form post (before the page's scripts have
// loaded) goes back to the page.

export { action } from './api.likes.server.ts';
// Without a connection, or with a server that failed, the page says so instead of showing its error screen.
export { answerFailuresInPage as clientAction } from '../fetcher-failures.ts';
