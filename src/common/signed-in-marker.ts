// The browser's one readable sign that it holds a session (ADR 0058): the session cookie is
// httpOnly, and a signed-in shopper is sent the page kept for visitors, so the page's scripts learn
// from this cookie that the shopper's own parts are to be fetched. It says nothing about who.

export const SIGNED_IN_MARKER = 'ttt_signed_in';

const MARKER = new RegExp(`(?:^|;)\\s*${SIGNED_IN_MARKER}=1\\s*(?:;|$)`);

/** Whether a Cookie header (a request's, or `document.cookie`) holds the marker. */
export function hasSignedInMarker(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && MARKER.test(cookieHeader);
}
