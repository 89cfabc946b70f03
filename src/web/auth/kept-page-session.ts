// A signed-in shopper is given the page kept for visitors (ADR 0058): no name, no badges, no hearts.
// Once the page has hydrated, the browser's marker says a session is there, and one revalidation
// fetches every loader's data for the shopper in one `.data` request; the header, the badges and the
// hearts then render with it, in the places the visitor's page kept for them.
import { useLayoutEffect } from 'react';
import { useRevalidator } from 'react-router';

import { hasSignedInMarker } from '../../common/signed-in-marker.ts';

export function useSessionOnKeptPage(hasUser: boolean) {
  const { revalidate } = useRevalidator();
  // Once, for the page the server sent (later pages' data come for the session anyway), and before
  // the page's own effects: a fetcher that loads on mount (the delivery check) and finds a
  // revalidation under way is left to finish, where one already loading would be asked again.
  useLayoutEffect(() => {
    if (!hasUser && hasSignedInMarker(document.cookie)) void revalidate();
  }, []);
}
