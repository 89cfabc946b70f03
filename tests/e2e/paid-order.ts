import { orderNumber } from '../../src/common/orders.ts';
import { insertOrder, withDatabase } from './fixtures.ts';

interface SeededProduct {
  id: number;
  name: string;
  price_paise: number;
}

/** A paid order of one unit of the first seeded product made in M, for `userId`, at `status`. */
export async function paidOrder(
  userId: string,
  status = 'pending',
): Promise<{ id: string; number: string; product: SeededProduct }> {
  return withDatabase(async (client) => {
    const { rows } = await client.query<SeededProduct>(
      `select id, name, price_paise from products where 'M' = any(sizes) order by id limit 1`,
    );
    const product = rows[0]!;
    const id = await insertOrder(client, {
      userId,
      item: { productId: product.id, name: product.name, size: 'M', pricePaise: product.price_paise },
      status,
    });
    return { id, number: orderNumber(id), product };
  });
}
