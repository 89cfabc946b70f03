// Shoppers who hold store credit, for the tests of paying with it.
import type { Database } from '../../src/server/db/client.ts';
import { addCredit } from '../../src/server/store-credit/ledger.ts';
import { shopperWithCart } from './payments.ts';

/** Gives the user `paise` of store credit, granted by staff. */
export async function grantStaffCredit(db: Database, userId: string, paise: number) {
  await db.transaction(async (tx) => {
    const granted = await addCredit(tx, {
      userId,
      amountPaise: paise,
      kind: 'staff_grant',
      reason: 'Sorry for the late parcel',
    });
    if (!granted.ok) throw new Error(granted.message);
  });
}

/** A shopper as shopperWithCart makes them, holding `paise` of store credit granted by staff (none for 0). */
export async function shopperWithCredit(db: Database, lines: Parameters<typeof shopperWithCart>[1], paise: number) {
  const shopper = await shopperWithCart(db, lines);
  if (paise > 0) await grantStaffCredit(db, shopper.userId, paise);
  return shopper;
}
