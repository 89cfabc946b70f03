// A fetcher whose request failed would show the page's error screen: React Router treats a failed
// fetch, and a server that answered with an error instead of the endpoint's JSON, like a thrown
// error. The JSON endpoints the page calls through fetchers answer in the browser instead, so the
// page stays and says what happened in its toast: the network message when no answer came back
// ('Error adding to cart: Network error. …'), and docs/product.md §8's 'Unexpected error:
// {message}' when the server failed (a crash, a proxy's 502). Redirects still propagate.
export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection and try again.';
/** The toast of a failure nobody expected (docs/product.md §8); the server's details stay in its log. */
const UNEXPECTED_ERROR_MESSAGE = 'Unexpected error: Something went wrong on our side. Please try again.';

/**
 * A JSON endpoint's refusal as the page reads it: the server's own, or one made here when no usable
 * answer came (`unexpected` when the server failed rather than the network).
 */
export type RefusedAnswer = { ok: false; message: string; unexpected?: true };

function unanswered(error: unknown): RefusedAnswer {
  // A redirect arrives as a thrown Response; React Router follows it.
  if (error instanceof Response) throw error;
  // fetch() rejects with a TypeError when no answer came back at all.
  if (error instanceof TypeError) return { ok: false, message: NETWORK_ERROR_MESSAGE };
  return { ok: false, message: UNEXPECTED_ERROR_MESSAGE, unexpected: true };
}

/** A JSON action's `clientAction`: the server's answer, or what the page shows without one. */
export async function answerFailuresInPage<T>({ serverAction }: { serverAction: () => Promise<T> }) {
  try {
    return await serverAction();
  } catch (error) {
    return unanswered(error);
  }
}

/** A lookup's `clientLoader` (search, pincode): the server's answer, or `fallback` without one. */
export async function loadFailuresInPage<T, F>({ serverLoader }: { serverLoader: () => Promise<T> }, fallback: F) {
  try {
    return await serverLoader();
  } catch (error) {
    unanswered(error);
    return fallback;
  }
}
