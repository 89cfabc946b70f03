// The server half of the route module customers.tsx (ADR 0017): what runs only on the server.
import { formatOrderDate } from '../../../common/orders.ts';
import { ADMIN_CUSTOMERS_PAGE_SIZE, listCustomers, normaliseCustomerSearch } from '../../../server/admin/customers.ts';
import { requireAdmin } from '../../admin.server.ts';
import { getApp } from '../../app-context.server.ts';
import type { Route } from './+types/customers';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const search = normaliseCustomerSearch(params.get('search'));
  // Clamped: a huge page number would overflow the offset.
  const asked = Math.min(100_000, Math.max(1, Number.parseInt(params.get('page') ?? '', 10) || 1));
  const { customers, total, page } = await listCustomers(getApp(context).db, { search, page: asked });
  return {
    customers: customers.map((customer) => ({
      id: customer.id,
      name: customer.name,
      email: customer.email,
      joined: formatOrderDate(customer.createdAt),
      deleted: customer.deletedAt !== null,
      orderCount: customer.orderCount,
      creditPaise: customer.creditPaise,
    })),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / ADMIN_CUSTOMERS_PAGE_SIZE)),
    search,
  };
}
