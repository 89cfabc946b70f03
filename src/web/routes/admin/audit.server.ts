// The server half of the route module audit.tsx (ADR 0017): what runs only on the server.
import { AUDIT_PAGE_SIZE, listAudit } from '../../../server/shared/audit.ts';
import { requireAdmin } from '../../admin.server.ts';
import { getApp } from '../../app-context.server.ts';
import type { Route } from './+types/audit';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  // Clamped: a huge page number would overflow the offset.
  const page = Math.min(100_000, Math.max(1, Math.floor(Number(new URL(request.url).searchParams.get('page')) || 1)));
  const { entries, total } = await listAudit(getApp(context).db, page);
  return {
    page,
    pages: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
    entries: entries.map((entry) => ({
      ...entry,
      createdAt: entry.createdAt.toISOString(),
      // Shown as written, for the record.
      before: entry.before === null ? null : JSON.stringify(entry.before, null, 2),
      after: entry.after === null ? null : JSON.stringify(entry.after, null, 2),
    })),
  };
}
