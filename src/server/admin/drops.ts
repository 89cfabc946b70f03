// The admin's drops screens: list, schedule, edit and delete a drop, and choose its products.
// Each change is one transaction that writes its audit entry. The storefront's rules read what is
// saved here (drops/rules.ts), and the tables' triggers tell every instance to drop its kept pages
// (migration 0026).
//
// Locks, when a change takes more than one: the drop's row first, then its products' rows in id
// order, so two saves touching the same products queue instead of deadlocking.
import { asc, count, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';

import { dropMoment } from '../../common/drops.ts';
import { fieldErrors } from '../../common/validation.ts';
import type { Database } from '../db/client.ts';
import { drops, products, type Drop } from '../db/schema.ts';
import { failure, FailureError, refusalsAsFailures, type Result } from '../errors.ts';
import { waitingByDrop } from '../notify/waiting.ts';
import { recordAudit, type Actor } from '../shared/audit.ts';
import { DROP_INPUT_MESSAGES, dropFormSchema, dropFormValues, parseProductIds, type DropFields } from './drop-input.ts';

const DROP_ADMIN_MESSAGES = {
  notFound: 'Drop not found',
  notSaved: 'The drop was not saved. Please correct the fields marked below.',
} as const;

export type DropStatus = 'Upcoming' | 'Live';
export type DropChange = Result<{ drop: Drop }>;

const notFound = () => failure('not_found', DROP_ADMIN_MESSAGES.notFound);

/** Upcoming until the minute it goes live, live from then on. */
export function dropStatus(drop: Pick<Drop, 'goesLiveAt'>, now = new Date()): DropStatus {
  return drop.goesLiveAt > now ? 'Upcoming' : 'Live';
}

export type AdminDrop = Drop & { productCount: number; waiting: number; status: DropStatus };

/**
 * Every drop with how many products it holds and how many wait to be told it is live: the
 * upcoming ones first, the soonest at the top (what staff are preparing), then the live ones, the
 * latest first.
 */
export async function listAdminDrops(db: Database, now = new Date()): Promise<AdminDrop[]> {
  const upcoming = gt(drops.goesLiveAt, now);
  const rows = await db
    .select({ drop: drops, productCount: count(products.id) })
    .from(drops)
    .leftJoin(products, eq(products.dropId, drops.id))
    .groupBy(drops.id)
    .orderBy(
      desc(sql`${upcoming}`),
      sql`case when ${upcoming} then ${drops.goesLiveAt} end asc nulls last`,
      desc(drops.goesLiveAt),
      desc(drops.id),
    );
  const waiting = await waitingByDrop(
    db,
    rows.map(({ drop }) => drop.id),
  );
  return rows.map(({ drop, productCount }) => ({
    ...drop,
    productCount,
    waiting: waiting.get(drop.id) ?? 0,
    status: dropStatus(drop, now),
  }));
}

/**
 * A drop, how many wait to be told it is live, and its products (id and name, in id order), or
 * undefined when there is no such drop.
 */
export async function getAdminDrop(db: Database, id: number) {
  const [drop] = await db.select().from(drops).where(eq(drops.id, id));
  if (!drop) return undefined;
  const waiting = (await waitingByDrop(db, [id])).get(id) ?? 0;
  const held = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.dropId, id))
    .orderBy(asc(products.id));
  return { drop, waiting, products: held };
}

/** '1 per size, 2 in all', '1 per size', '2 in all' or 'None'. */
function describeDropLimits(drop: Pick<Drop, 'limitPerSize' | 'limitTotal'>): string {
  const parts = [
    ...(drop.limitPerSize === null ? [] : [`${drop.limitPerSize} per size`]),
    ...(drop.limitTotal === null ? [] : [`${drop.limitTotal} in all`]),
  ];
  return parts.length ? parts.join(', ') : 'None';
}

/** When a drop goes live, in India: '5 December 2026, 8:00 pm'. */
function describeGoesLive(drop: Pick<Drop, 'goesLiveAt'>): string {
  const { date, time } = dropMoment(drop.goesLiveAt);
  return `${date}, ${time}`;
}

/** A drop as one row of the admin's list reads. */
export function dropRow(drop: AdminDrop) {
  return {
    id: drop.id,
    name: drop.name,
    goesLive: describeGoesLive(drop),
    limits: describeDropLimits(drop),
    hiddenUntilLive: drop.hiddenUntilLive ? 'Yes' : 'No',
    productCount: drop.productCount,
    waiting: drop.waiting,
    status: drop.status,
  };
}

/**
 * The form checked: every field's message at once, the unknown product ids among them. `notBefore`
 * (creating) refuses a going-live time that is not in the future.
 */
async function readDropForm(db: Database, input: unknown, notBefore?: Date): Promise<Result<{ fields: DropFields }>> {
  const values = dropFormValues(input);
  const parsed = dropFormSchema(notBefore).safeParse(values);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  if (!errors.productIds) {
    const missing = await missingProducts(db, parseProductIds(values.productIds) ?? []);
    if (missing.length > 0) errors.productIds = DROP_INPUT_MESSAGES.unknownProducts(missing);
  }
  if (!parsed.success || Object.keys(errors).length > 0)
    return failure('invalid', DROP_ADMIN_MESSAGES.notSaved, { fieldErrors: errors });
  return { ok: true, fields: parsed.data };
}

/** The ids no product has. */
async function missingProducts(db: Database, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...ids]));
  const known = new Set(found.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

interface HeldProduct {
  id: number;
  name: string;
  dropId: number | null;
}

/**
 * Locks, in id order, the products of drop `dropId` and those listed; a listed one deleted since the
 * form was checked refuses the save (thrown, so the transaction rolls back).
 */
async function lockProducts(tx: Database, dropId: number | null, ids: readonly number[]): Promise<HeldProduct[]> {
  const listed = ids.length > 0 ? inArray(products.id, [...ids]) : undefined;
  const ofDrop = dropId === null ? undefined : eq(products.dropId, dropId);
  if (!listed && !ofDrop) return [];
  const rows = await tx
    .select({ id: products.id, name: products.name, dropId: products.dropId })
    .from(products)
    .where(or(listed, ofDrop))
    .orderBy(asc(products.id))
    // Not `for update`: moving a product in or out of a drop changes no key, so checkouts' key
    // share locks of the same products (inventory/stock.ts) need not wait for the save.
    .for('no key update');
  const missing = ids.filter((id) => !rows.some((row) => row.id === id));
  if (missing.length > 0) {
    const message = DROP_INPUT_MESSAGES.unknownProducts(missing);
    throw new FailureError(failure('invalid', DROP_ADMIN_MESSAGES.notSaved, { fieldErrors: { productIds: message } }));
  }
  return rows;
}

/** Puts the products in drop `dropId` (null: in none, so on sale as any other). */
async function setProductsDrop(tx: Database, ids: readonly number[], dropId: number | null, now: Date) {
  if (ids.length === 0) return;
  // updatedAt: the product's page now reads differently (the sitemap's lastmod follows it).
  await tx
    .update(products)
    .set({ dropId, updatedAt: now })
    .where(inArray(products.id, [...ids]));
}

/** What the audit entry keeps of a drop: its columns and its products' ids. */
const snapshot = (drop: Drop, productIds: readonly number[]) => ({ ...drop, productIds: [...productIds] });

const productList = (held: readonly HeldProduct[]) => held.map((product) => `#${product.id}`).join(', ');

/** Products taken from other drops, for the audit entry: 'moved #4 from drop 2'. */
function movedFromOthers(held: readonly HeldProduct[], dropId: number): string[] {
  return held
    .filter((product) => product.dropId !== null && product.dropId !== dropId)
    .map((product) => `moved #${product.id} from drop ${product.dropId}`);
}

export async function createDrop(db: Database, actor: Actor, input: unknown, now = new Date()): Promise<DropChange> {
  const form = await readDropForm(db, input, now);
  if (!form.ok) return form;
  const { productIds, ...columns } = form.fields;
  return refusalsAsFailures(() =>
    db.transaction(async (tx) => {
      const held = await lockProducts(tx, null, productIds);
      const [drop] = await tx.insert(drops).values(columns).returning();
      await setProductsDrop(tx, productIds, drop!.id, now);
      const parts = [
        `goes live ${describeGoesLive(drop!)}`,
        `limits: ${describeDropLimits(drop!)}`,
        drop!.hiddenUntilLive ? 'hidden until live' : 'listed before it goes live',
        held.length ? `products ${productList(held)}` : 'no products',
        ...movedFromOthers(held, drop!.id),
      ];
      await recordAudit(tx, actor, {
        action: 'drop.create',
        entityType: 'drop',
        entityId: drop!.id,
        summary: `Created drop "${drop!.name}": ${parts.join('; ')}`,
        after: snapshot(drop!, productIds),
      });
      return { ok: true as const, drop: drop! };
    }),
  );
}

const COLUMN_LABELS = {
  name: 'name',
  goesLiveAt: 'going-live time',
  limitPerSize: 'limits',
  limitTotal: 'limits',
  hiddenUntilLive: 'hidden until live',
} as const satisfies Record<keyof Omit<DropFields, 'productIds'>, string>;

/**
 * Saves the form: the drop's columns, and its products (a listed product in another drop moves to
 * this one; one no longer listed leaves it, and is on sale as any other). An unchanged drop is not
 * written. The going-live time may be in the past: a live drop can still have its limits changed.
 */
export async function updateDrop(
  db: Database,
  actor: Actor,
  id: number,
  input: unknown,
  now = new Date(),
): Promise<DropChange> {
  // An unknown drop is "not found" whatever the form holds.
  const [existing] = await db.select({ id: drops.id }).from(drops).where(eq(drops.id, id));
  if (!existing) return notFound();
  const form = await readDropForm(db, input);
  if (!form.ok) return form;
  const { productIds, ...columns } = form.fields;
  return refusalsAsFailures(() =>
    db.transaction(async (tx) => {
      const [before] = await tx.select().from(drops).where(eq(drops.id, id)).for('update');
      if (!before) return notFound();
      const held = await lockProducts(tx, id, productIds);
      const beforeIds = held.filter((product) => product.dropId === id).map((product) => product.id);
      const added = held.filter((product) => product.dropId !== id && productIds.includes(product.id));
      const removed = held.filter((product) => product.dropId === id && !productIds.includes(product.id));
      const changed = (Object.keys(columns) as Array<keyof typeof columns>).filter(
        (column) => !sameValue(before[column], columns[column]),
      );
      if (changed.length === 0 && added.length === 0 && removed.length === 0)
        return { ok: true as const, drop: before };

      const [after] = changed.length
        ? await tx
            .update(drops)
            .set({ ...columns, updatedAt: now })
            .where(eq(drops.id, id))
            .returning()
        : [before];
      await setProductsDrop(
        tx,
        removed.map((product) => product.id),
        null,
        now,
      );
      await setProductsDrop(
        tx,
        added.map((product) => product.id),
        id,
        now,
      );
      const parts = [
        ...new Set(changed.map((column) => COLUMN_LABELS[column])),
        ...(added.length ? [`added ${productList(added)}`] : []),
        ...(removed.length ? [`removed ${productList(removed)}`] : []),
        ...movedFromOthers(added, id),
      ];
      await recordAudit(tx, actor, {
        action: 'drop.update',
        entityType: 'drop',
        entityId: id,
        summary: `Updated drop "${after!.name}": ${parts.join('; ')}`,
        before: snapshot(before, beforeIds),
        after: snapshot(after!, productIds),
      });
      return { ok: true as const, drop: after! };
    }),
  );
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : false;
  }
  return a === b;
}

/** Deletes a drop; its products leave it and are on sale at once, as any other product. */
export async function deleteDrop(
  db: Database,
  actor: Actor,
  id: number,
  now = new Date(),
): Promise<Result<{ name: string }>> {
  return db.transaction(async (tx) => {
    const [drop] = await tx.select().from(drops).where(eq(drops.id, id)).for('update');
    if (!drop) return notFound();
    const held = await lockProducts(tx, id, []);
    // The foreign key would clear them too; clearing them here stamps their updatedAt as well.
    await setProductsDrop(
      tx,
      held.map((product) => product.id),
      null,
      now,
    );
    await tx.delete(drops).where(eq(drops.id, id));
    await recordAudit(tx, actor, {
      action: 'drop.delete',
      entityType: 'drop',
      entityId: id,
      summary: `Deleted drop "${drop.name}"${held.length ? `: ${productList(held)} left it` : ''}`,
      before: snapshot(
        drop,
        held.map((product) => product.id),
      ),
    });
    return { ok: true as const, name: drop.name };
  });
}
