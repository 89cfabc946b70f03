// 'Notify me' requests as the store keeps them (notify/requests.ts writes them in the store): tests
// that start from one waiting write the row, confirmed unless they say otherwise.
import type { Database } from '../../src/server/db/client.ts';
import { notifyRequests } from '../../src/server/db/schema.ts';
import { newNotifyToken } from '../../src/server/notify/tokens.ts';

/** A request for a drop, or a product's size, with the token of its links. */
export async function waitingRequest(
  db: Database,
  values: Partial<typeof notifyRequests.$inferInsert> & { email: string },
) {
  const { token, hash } = newNotifyToken();
  const [request] = await db
    .insert(notifyRequests)
    .values({ confirmedAt: new Date(), tokenHash: hash, ...values })
    .returning();
  return { ...request!, token };
}
