import { useLocation } from 'react-router';

/** The form field naming the page a plain form post comes back to (see submission.server.ts). */
export const RETURN_TO_FIELD = 'returnTo';

/** A hidden field with this page's address, for the forms that must work before the scripts load. */
export function ReturnHereField() {
  const { pathname, search } = useLocation();
  return <input type="hidden" name={RETURN_TO_FIELD} value={pathname + search} />;
}
