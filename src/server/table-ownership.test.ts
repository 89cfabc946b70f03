// Each table is written by one folder of src/server, its owner (ADR 0016): every other folder asks
// the owner. This test reads every server module and finds each write (`.insert(table)`,
// `.update(table)`, `.delete(table)` on any query builder, and raw INSERT INTO / UPDATE … SET /
// DELETE FROM in SQL text) and fails when a table is written from outside its owner's folder.
// OWNERS below is the one map of who owns what.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { getTableName, isTable } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import * as schema from './db/schema.ts';

const SEED = 'db/seed.ts';
const SEED_WHY = 'the demo catalog and coupons, written into an empty database at boot (and the demo coupons retired)';

/**
 * Table (its SQL name) → the folder under src/server that writes it, or that folder and any other
 * module that may, with the reason. The auth tables are written by better-auth itself, through its
 * adapter.
 */
const OWNERS: Record<string, string | { owner: string; also: Record<string, string> }> = {
  users: 'auth',
  sessions: 'auth',
  accounts: 'auth',
  verifications: 'auth',
  two_factors: 'auth',
  signup_requests: 'auth',
  rate_limits: {
    owner: 'shared',
    also: { 'auth/purge.ts': "the scheduled purge of expired sign-in rows also drops windows past the longest rule's" },
  },
  profiles: {
    owner: 'profiles',
    also: { 'auth/auth.ts': "better-auth's hooks make each new account's profile in the same request" },
  },
  // The catalog is staff's to change (admin/product-edit.ts, admin/product-import.ts); catalog/ reads it.
  products: { owner: 'admin', also: { [SEED]: SEED_WHY } },
  // Staff schedule drops (admin/drops.ts); drops/ reads their rules.
  drops: 'admin',
  // A drop's line: the places it gave out and who used them (drops/queue.ts).
  drop_queues: 'drops',
  drop_turns: 'drops',
  // Who waits for a drop or a size back in stock (docs/drops.md); an account's erasure asks notify/ too.
  notify_requests: 'notify',
  product_stock: { owner: 'inventory', also: { [SEED]: SEED_WHY } },
  cart_items: 'cart',
  product_likes: 'likes',
  addresses: 'addresses',
  coupons: { owner: 'coupons', also: { [SEED]: SEED_WHY } },
  checkouts: 'checkout',
  orders: {
    owner: 'orders',
    also: {
      'invoices/issue.ts':
        "the order's invoice-due mark, cleared in the transaction that issues the invoice (ADR 0060)",
    },
  },
  order_email_failures: 'orders',
  shipments: 'orders',
  return_requests: 'orders',
  refunds: 'payments',
  webhook_events: 'payments',
  audit_log: 'shared',
  // Tax invoices and credit notes, and the numbers they take (ADR 0024).
  tax_documents: 'invoices',
  document_sequences: 'invoices',
  // Size charts (staff edit them; the seed writes the demo charts), the pincode
  // directory, buyers' reviews, and contact and bulk order enquiries.
  size_measurements: { owner: 'admin', also: { [SEED]: SEED_WHY } },
  pincodes: 'addresses',
  reviews: 'reviews',
  enquiries: 'enquiries',
  // Courier parcels, their tracking, failed deliveries and print runs (courier/); the delivery
  // zones staff keep and the courier's answers by pincode (shipping/).
  courier_shipments: 'courier',
  tracking_events: 'courier',
  delivery_failures: 'courier',
  shipping_batches: 'courier',
  delivery_zones: 'shipping',
  courier_quotes: 'shipping',
  // Store credit (ADR 0048): the ledger and its reminders; the balances are written by the ledger's
  // trigger alone (migration store_credit).
  store_credit_entries: 'store-credit',
  store_credit_balances: 'store-credit',
  store_credit_reminders: 'store-credit',
  stock_movements: {
    owner: 'inventory',
    also: { [SEED]: "the demo catalog's stock starts each size's history with its opening count" },
  },
  customer_notes: 'admin',
  // Facts about this database, by key: the seed's markers, and the configured admin password's hash.
  app_state: {
    owner: 'db',
    also: {
      'auth/admin.ts': 'remembers the hash of ADMIN_PASSWORD, to notice when it changes',
      'addresses/directory.ts': 'records which edition of the pincode directory the pincodes table holds (ADR 0026)',
    },
  },
};

/** A table's owning folder and the other modules that may write it. */
function ownershipOf(table: string): { owner: string; also: Record<string, string> } {
  const entry = OWNERS[table]!;
  return typeof entry === 'string' ? { owner: entry, also: {} } : entry;
}

const SERVER_DIR = import.meta.dirname;

/** The schema's tables: export name → SQL name. */
const TABLES = new Map(
  Object.entries(schema)
    .filter(([, value]) => isTable(value))
    .map(([name, table]) => [name, getTableName(table as Parameters<typeof getTableName>[0])]),
);
const SQL_NAMES = new Set(TABLES.values());

interface Write {
  table: string;
  statement: string;
}

/** The tables a module's source writes, by their SQL names. */
function writesIn(source: string): Write[] {
  // Local names of the schema's tables, as imported (`import { coupons as c } from '../db/schema.ts'`).
  const local = new Map(TABLES);
  for (const [, names] of source.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'[^']*db\/schema\.ts'/g)) {
    for (const part of names!.split(',')) {
      const [exported, alias] = part.trim().split(/\s+as\s+/);
      if (alias && TABLES.has(exported!)) local.set(alias, TABLES.get(exported!)!);
    }
  }
  const writes: Write[] = [];
  for (const match of source.matchAll(/\.(insert|update|delete)\(\s*([\w$]+)\s*\)/g)) {
    const table = local.get(match[2]!);
    if (table) writes.push({ table, statement: match[0] });
  }
  const rawSql = [
    /\b(?:insert\s+into|delete\s+from)\s+\$\{\s*([\w$]+)\s*\}/gi,
    /\bupdate\s+\$\{\s*([\w$]+)\s*\}\s+set\b/gi,
    /\b(?:insert\s+into|delete\s+from)\s+"?([a-z_]+)"?/gi,
    /\bupdate\s+"?([a-z_]+)"?\s+set\b/gi,
  ];
  for (const pattern of rawSql) {
    for (const match of source.matchAll(pattern)) {
      const name = match[1]!;
      const table = local.get(name) ?? (SQL_NAMES.has(name) ? name : undefined);
      if (table) writes.push({ table, statement: match[0] });
    }
  }
  return writes;
}

function serverModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverModules(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const modules = serverModules(SERVER_DIR).map((file) => {
  const relative = path.relative(SERVER_DIR, file).split(path.sep).join('/');
  return {
    relative,
    folder: relative.includes('/') ? relative.split('/')[0]! : '.',
    source: readFileSync(file, 'utf8'),
  };
});

describe('table ownership', () => {
  it('names an owner for every table of the schema, and only for those', () => {
    expect(Object.keys(OWNERS).sort()).toEqual([...SQL_NAMES].sort());
  });

  it('finds writes however they are spelled', () => {
    const source = `import { cartItems as lines } from '../db/schema.ts';
      await tx.insert(lines).values(row);
      await db.update(coupons).set({ active: false });
      await tx
        .delete(orders)
        .where(x);
      await tx.execute(sql\`update \${productStock} set quantity = 0\`);
      await db.execute(sql\`DELETE FROM refunds\`);
      createHmac('sha256', key).update(purpose);`;
    expect(writesIn(source).map((write) => write.table)).toEqual([
      'cart_items',
      'coupons',
      'orders',
      'product_stock',
      'refunds',
    ]);
  });

  it('refuses a write from outside the owner', () => {
    // What the test is for: payments/ once wrote cart lines, coupons, stock and orders itself.
    expect(
      violations([{ relative: 'payments/service.ts', folder: 'payments', source: 'tx.insert(cartItems)' }]),
    ).toEqual(['payments/service.ts writes cart_items (.insert(cartItems) — owner: cart)']);
  });

  it('has every table written only by its owner', () => {
    expect(violations(modules)).toEqual([]);
  });

  it('keeps no exception that nothing uses any more', () => {
    const used = new Set(
      modules.flatMap((module) => writesIn(module.source).map((write) => `${write.table} ${module.relative}`)),
    );
    const stale = Object.keys(OWNERS).flatMap((table) =>
      Object.keys(ownershipOf(table).also)
        .filter((file) => !used.has(`${table} ${file}`))
        .map((file) => `${table} ${file}`),
    );
    expect(stale).toEqual([]);
  });
});

function violations(files: ReadonlyArray<{ relative: string; folder: string; source: string }>): string[] {
  return files.flatMap(({ relative, folder, source }) =>
    writesIn(source)
      .filter(({ table }) => {
        const { owner, also } = ownershipOf(table);
        return folder !== owner && !(relative in also);
      })
      .map(({ table, statement }) => `${relative} writes ${table} (${statement} — owner: ${ownershipOf(table).owner})`),
  );
}
