import { href, NavLink, Outlet } from 'react-router';

import { requireAdmin } from '../../admin.server.ts';
import type { Route } from './+types/layout';

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(context, request);
  return { adminName: admin.name };
}

const SECTIONS = [
  { to: href('/admin'), label: 'Dashboard' },
  { to: href('/admin/products'), label: 'Products' },
  { to: href('/admin/categories'), label: 'Categories' },
  { to: href('/admin/orders'), label: 'Orders' },
  { to: href('/admin/customers'), label: 'Customers' },
  { to: href('/admin/returns'), label: 'Returns' },
  { to: href('/admin/deliveries'), label: 'Deliveries' },
  { to: href('/admin/reviews'), label: 'Reviews' },
  { to: href('/admin/inbox'), label: 'Inbox' },
  { to: href('/admin/coupons'), label: 'Coupons' },
  { to: href('/admin/drops'), label: 'Drops' },
  { to: href('/admin/gst'), label: 'GST return' },
  { to: href('/admin/delivery-zones'), label: 'Delivery zones' },
  { to: href('/admin/audit'), label: 'Audit log' },
] as const;

/** The admin area's frame: its sections, for a desk at 1280 px or a tablet. */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-4 border-b border-black/10 pb-4">
        <div>
          <p className="text-sm font-bold tracking-widest text-brand-dark uppercase">Store admin</p>
          <p className="text-sm text-muted">Signed in as {loaderData.adminName}</p>
        </div>
        <nav aria-label="Admin">
          <ul className="flex flex-wrap gap-2">
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <NavLink
                  to={section.to}
                  // The dashboard is the area's index: only its own address marks it current.
                  end={section.to === href('/admin')}
                  className={({ isActive }) =>
                    `block rounded-full px-4 py-2 font-semibold ${isActive ? 'bg-ink text-white' : 'hover:bg-black/5'}`
                  }
                >
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <Outlet />
    </div>
  );
}
