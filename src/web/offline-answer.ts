// A fetcher whose request never reached the server (the phone lost its connection) would show the
// page's error screen: React Router treats a failed fetch like a thrown error. The JSON endpoints
// the page calls through fetchers answer in the browser instead, with the message the page shows
// in its toast ('Error adding to cart: Network error. …'). Anything else still propagates.
export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection and try again.';

function offline(error: unknown): { ok: false; message: string } {
  // fetch() rejects with a TypeError when no answer came back; everything else is a real error.
  if (error instanceof TypeError) return { ok: false, message: NETWORK_ERROR_MESSAGE };
  throw error;
}

/** A JSON action's `clientAction`: the server's answer, or the network message. */
export async function answerOffline<T>({ serverAction }: { serverAction: () => Promise<T> }) {
  try {
    return await serverAction();
  } catch (error) {
    return offline(error);
  }
}

/** A lookup's `clientLoader` (search, pincode): the server's answer, or `fallback` without one. */
export async function loadOffline<T, F>({ serverLoader }: { serverLoader: () => Promise<T> }, fallback: F) {
  try {
    return await serverLoader();
  } catch (error) {
    offline(error);
    return fallback;
  }
}
