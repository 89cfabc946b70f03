// Staff grant and take back store credit (ADR 0048): with a reason, within the balance, with a fresh
// authenticator code above STORE_CREDIT_CODE_ABOVE_RUPEES; each move writes the audit log, and each
// refusal says why and writes nothing. The code check itself is auth's (two-factor.ts), given to
// these services by the page; the admin page's test uses real codes.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { createAdminActor, createUser } from '../../../tests/support/factories.ts';
import { auditLog, storeCreditEntries } from '../db/schema.ts';
import { failure, type Result } from '../errors.ts';
import type { Actor } from '../shared/audit.ts';
import { creditBalance } from './ledger.ts';
import { moveCreditByStaff, parseStaffAmount, type FreshCodeCheck } from './staff.ts';

const database = useTestDatabase();
const settings = { refundBonusPercent: 0, expiryDays: undefined, codeAbovePaise: 1_000_00 };
const deps = () => ({ db: database.db, settings });

/** The code check the page would make: counts its calls, and passes or refuses as the test says. */
function codeCheck(answer: Result = { ok: true }) {
  const check = Object.assign(
    async () => {
      check.calls += 1;
      return answer;
    },
    { calls: 0 },
  ) satisfies FreshCodeCheck & { calls: number };
  return check;
}
const WRONG_CODE = failure('unauthenticated', 'That code is not right. Check your authenticator app and try again.');

let staff: Actor;
beforeEach(async () => {
  staff = await createAdminActor(database.db, `staff-${crypto.randomUUID()}@example.test`);
});

const entriesOf = (userId: string) =>
  database.db.select().from(storeCreditEntries).where(eq(storeCreditEntries.userId, userId));
const auditOf = (userId: string) => database.db.select().from(auditLog).where(eq(auditLog.entityId, userId));

/** The test's staff member moving a customer's credit now. */
const move = (
  direction: 'grant' | 'revoke',
  userId: string,
  input: Parameters<typeof moveCreditByStaff>[4],
  freshCode: FreshCodeCheck,
) => moveCreditByStaff(deps(), staff, direction, userId, input, freshCode);

describe('moveCreditByStaff', () => {
  it('grants and takes back within the limit without a code, with the audit entries', async () => {
    const customer = await createUser(database.db);
    const code = codeCheck();
    const granted = await move('grant', customer.id, { amount: '₹1,000', reason: 'Late parcel' }, code);
    expect(granted).toMatchObject({ ok: true, balancePaise: 1_000_00 });
    const revoked = await move('revoke', customer.id, { amount: '250.50', reason: 'Granted twice' }, code);
    expect(revoked).toMatchObject({ ok: true, balancePaise: 74_950 });
    expect(code.calls).toBe(0);

    expect((await entriesOf(customer.id)).map((e) => [e.kind, e.amountPaise, e.reason, e.createdBy])).toEqual(
      expect.arrayContaining([
        ['staff_grant', 1_000_00, 'Late parcel', staff.id],
        ['staff_revoke', -25_050, 'Granted twice', staff.id],
      ]),
    );
    const audit = await auditOf(customer.id);
    expect(audit.map((entry) => [entry.action, entry.actorEmail, entry.entityType, entry.summary])).toEqual(
      expect.arrayContaining([
        ['store_credit.grant', staff.email, 'customer', 'Granted ₹1,000.00 of store credit: Late parcel'],
        ['store_credit.revoke', staff.email, 'customer', 'Took back ₹250.50 of store credit: Granted twice'],
      ]),
    );
    expect(audit.find((entry) => entry.action === 'store_credit.revoke')).toMatchObject({
      before: { balancePaise: 1_000_00 },
      after: { balancePaise: 74_950 },
    });
  });

  it('asks for a fresh code above the limit, and writes nothing when it is missing or wrong', async () => {
    const customer = await createUser(database.db);
    const wrong = codeCheck(WRONG_CODE);
    const refused = await move('grant', customer.id, { amount: '1000.01', reason: 'Goodwill' }, wrong);
    expect(refused).toMatchObject({ ok: false, message: WRONG_CODE.message });
    expect(wrong.calls).toBe(1);
    expect(await entriesOf(customer.id)).toEqual([]);
    expect(await auditOf(customer.id)).toEqual([]);

    const right = codeCheck();
    const granted = await move('grant', customer.id, { amount: '5000', reason: 'Goodwill' }, right);
    expect(granted).toMatchObject({ ok: true, balancePaise: 5_000_00 });
    expect(right.calls).toBe(1);
    const takeBack = await move('revoke', customer.id, { amount: '4000', reason: 'Mistake' }, wrong);
    expect(takeBack).toMatchObject({ ok: false, message: WRONG_CODE.message });
    expect(await creditBalance(database.db, customer.id)).toBe(5_000_00);
    expect(await move('revoke', customer.id, { amount: '4000', reason: 'Mistake' }, right)).toMatchObject({
      ok: true,
      balancePaise: 1_000_00,
    });
  });

  it('refuses bad amounts, a missing reason and taking back more than the balance, in words, writing nothing', async () => {
    const customer = await createUser(database.db);
    await move('grant', customer.id, { amount: '100', reason: 'Goodwill' }, codeCheck());
    const code = codeCheck();
    const cases: Array<[Parameters<typeof move>[2], 'grant' | 'revoke', string]> = [
      [{ amount: '', reason: 'x' }, 'grant', 'Enter an amount in rupees, such as 500 or 499.50.'],
      [{ amount: 'ten', reason: 'x' }, 'grant', 'Enter an amount in rupees, such as 500 or 499.50.'],
      [{ amount: '0', reason: 'x' }, 'grant', 'The amount must be more than ₹0.00.'],
      [{ amount: '0.00', reason: 'x' }, 'revoke', 'The amount must be more than ₹0.00.'],
      [{ amount: '-50', reason: 'x' }, 'grant', 'The amount must be more than ₹0.00.'],
      [
        { amount: '10.505', reason: 'x' },
        'grant',
        'An amount has at most two digits after the point (paise), such as 499.50.',
      ],
      [{ amount: '100001', reason: 'x' }, 'grant', 'The amount can be at most ₹1,00,000.00 at a time.'],
      [{ amount: 500, reason: 'x' }, 'grant', 'Enter an amount in rupees, such as 500 or 499.50.'],
      [{ amount: '50' }, 'grant', 'Enter a reason: the customer sees it in their store credit history.'],
      [
        { amount: '50', reason: '   ' },
        'revoke',
        'Enter a reason: the customer sees it in their store credit history.',
      ],
      [{ amount: '50', reason: 'x'.repeat(201) }, 'grant', 'The reason can be at most 200 characters.'],
      [
        { amount: '100.01', reason: 'Too much' },
        'revoke',
        'The customer has ₹100.00 of store credit: you cannot take back more than that.',
      ],
    ];
    for (const [input, direction, message] of cases) {
      const result = await move(direction, customer.id, input, code);
      expect(result, JSON.stringify(input)).toMatchObject({ ok: false, message });
    }
    expect(code.calls).toBe(0);
    expect(await entriesOf(customer.id)).toHaveLength(1);
    expect(await auditOf(customer.id)).toHaveLength(1);
    expect(await creditBalance(database.db, customer.id)).toBe(10_000);
  });

  it("refuses an unknown customer, an admin, and a deleted account's credit", async () => {
    const deleted = await createUser(database.db, { deletedAt: new Date() });
    const admin = await createUser(database.db, { role: 'admin' });
    const input = { amount: '10', reason: 'Goodwill' };
    expect(await move('grant', 'no-such-user', input, codeCheck())).toMatchObject({
      ok: false,
      kind: 'not_found',
    });
    expect(await move('grant', admin.id, input, codeCheck())).toMatchObject({ kind: 'not_found' });
    expect(await move('grant', deleted.id, input, codeCheck())).toMatchObject({
      ok: false,
      message: 'This account was deleted: its store credit can no longer change.',
    });
    expect(await entriesOf(deleted.id)).toEqual([]);
  });
});

describe('parseStaffAmount', () => {
  it('reads rupees as typed into paise', () => {
    expect(parseStaffAmount('500')).toEqual({ ok: true, paise: 50_000 });
    expect(parseStaffAmount(' ₹1,299.5 ')).toEqual({ ok: true, paise: 129_950 });
    expect(parseStaffAmount('Rs. 0.01')).toEqual({ ok: true, paise: 1 });
    expect(parseStaffAmount('1'.repeat(30))).toMatchObject({ ok: false });
  });
});
