// The server half of the route module order-document.ts (ADR 0017): what runs only on the server.
import { data } from 'react-router';

import { getSessionUser } from '../session.server.ts';
import { taxDocumentDownload } from '../tax-documents.server.ts';
import type { Route } from './+types/order-document';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request);
  // A visitor gets the same answer as anyone asking for a document that is not theirs.
  if (!user) throw data('Not Found', { status: 404 });
  return taxDocumentDownload(context, params.id, { shopperId: user.id });
}
