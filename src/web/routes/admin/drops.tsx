import { href, Link } from 'react-router';

import { AdminPage } from '../../components/admin/admin-page.tsx';
import { Alerts } from '../../components/admin/alert.tsx';
import { AdminTable } from '../../components/admin/admin-table.tsx';
import { adminDropPath } from '../../paths.ts';
import { adminPageMeta } from '../../seo.ts';
import type { Route } from './+types/drops';

export { loader } from './drops.server.ts';

export function meta(args: Route.MetaArgs) {
  return adminPageMeta(args, 'Drops', 'Schedule limited drops and choose their products.');
}

const STATUS_STYLE: Record<string, string> = {
  Upcoming: 'bg-amber-100 text-amber-900',
  Live: 'bg-green-100 text-green-900',
};

/** Every drop, upcoming ones first, with when it goes live, its limits and how many products it holds. */
export default function AdminDrops({ loaderData }: Route.ComponentProps) {
  const { drops, alerts } = loaderData;
  return (
    <AdminPage
      id="admin-drops-title"
      title="Drops"
      action={
        <Link to={href('/admin/drops/new')} className="rounded-md bg-ink px-5 py-3 font-bold text-white hover:bg-black">
          New drop
        </Link>
      }
    >
      <Alerts messages={alerts} />
      <p className="mt-4 text-sm text-muted">
        {drops.length} {drops.length === 1 ? 'drop' : 'drops'}. Times are in India time. A drop&apos;s products cannot
        be bought before it goes live; limits are per shopper. Waiting: the confirmed addresses to be emailed when it
        goes live.
      </p>
      <AdminTable
        label="Drops table"
        minWidth="min-w-[60rem]"
        columns={['Name', 'Goes live', 'Limits', 'Hidden until live', 'Products', 'Waiting', 'Status', 'Actions']}
        empty={drops.length === 0 ? 'No drops yet.' : undefined}
      >
        {drops.map((drop) => (
          <tr key={drop.id}>
            <th scope="row" className="px-3 py-2 font-semibold">
              {drop.name}
            </th>
            <td className="px-3 py-2 whitespace-nowrap">{drop.goesLive}</td>
            <td className="px-3 py-2">{drop.limits}</td>
            <td className="px-3 py-2">{drop.hiddenUntilLive}</td>
            <td className="px-3 py-2" data-testid="product-count">
              {drop.productCount}
            </td>
            <td className="px-3 py-2" data-testid="waiting-count">
              {drop.waiting}
            </td>
            <td className="px-3 py-2 whitespace-nowrap">
              <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[drop.status] ?? ''}`}>
                {drop.status}
              </span>
            </td>
            <td className="px-3 py-2">
              <Link to={adminDropPath(drop.id)} className="font-semibold underline underline-offset-2">
                Edit<span className="sr-only"> {drop.name}</span>
              </Link>
            </td>
          </tr>
        ))}
      </AdminTable>
    </AdminPage>
  );
}
