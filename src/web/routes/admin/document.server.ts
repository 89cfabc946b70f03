// The server half of the route module admin/document.ts (ADR 0017): what runs only on the server.
import { requireAdmin } from '../../admin.server.ts';
import { taxDocumentDownload } from '../../tax-documents.server.ts';
import type { Route } from './+types/document';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  return taxDocumentDownload(context, params.id, 'staff');
}
