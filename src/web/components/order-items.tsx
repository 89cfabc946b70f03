// The lines of an order as the shopper's pages list them (Your Orders, a cash on delivery order's
// confirmation): name, size and quantity, and what the line cost.
import { formatPaise } from '../../common/money.ts';

interface OrderItemLine {
  productId: number;
  name: string;
  size: string;
  quantity: number;
  pricePaise: number;
}

export function OrderItems({ items }: { items: readonly OrderItemLine[] }) {
  return (
    <ul className="mt-4 divide-y divide-black/10">
      {items.map((item) => (
        <li key={`${item.productId}-${item.size}`} className="flex justify-between gap-4 py-2">
          <span>
            <span className="font-semibold">{item.name}</span>
            <span className="block text-sm text-muted">
              Size: {item.size} | Qty: {item.quantity}
            </span>
          </span>
          <span className="whitespace-nowrap">{formatPaise(item.pricePaise * item.quantity)}</span>
        </li>
      ))}
    </ul>
  );
}
