// The server half of the route module product-import.tsx (ADR 0017): what runs only on the server.
import { formatPaise } from '../../../common/money.ts';
import { IMPORT_DEFAULTS, IMPORT_STOCK_PER_SIZE } from '../../../server/admin/product-import.ts';
import { requireAdmin } from '../../admin.server.ts';
import type { Route } from './+types/product-import';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  return {
    defaults: {
      price: formatPaise(IMPORT_DEFAULTS.pricePaise),
      sizes: IMPORT_DEFAULTS.sizes.join(', '),
      stock: IMPORT_STOCK_PER_SIZE,
      returnPolicy: IMPORT_DEFAULTS.returnPolicy,
      standardDelivery: IMPORT_DEFAULTS.deliveryInfo.standardDelivery,
      expressDelivery: IMPORT_DEFAULTS.deliveryInfo.expressDelivery,
    },
  };
}
