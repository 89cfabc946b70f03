// The purge of old enquiries (ADR 0037): past ENQUIRY_RETENTION_DAYS an enquiry is deleted with
// its logo, a newer one is kept with its own.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';

import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { imageBytes } from '../../../tests/support/images.ts';
import { useScratchDir } from '../../../tests/support/scratch.ts';
import { loadConfig } from '../config.ts';
import { enquiries } from '../db/schema.ts';
import { shopperPhotosDir } from '../storage/folder.ts';
import { storeLogo } from './logo.ts';
import { purgeOldEnquiries } from './purge.ts';
import { newReference } from './reference.ts';

const database = useTestDatabase();
const scratch = useScratchDir('enquiry-purge-');
const DAY = 24 * 60 * 60_000;
const NOW = new Date('2026-11-27T06:00:00Z');

describe('the purge of old enquiries', () => {
  it('deletes those older than ENQUIRY_RETENTION_DAYS with their logos, and keeps newer ones', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(scratch, 'data'), ENQUIRY_RETENTION_DAYS: '90' });
    /** A bulk request with a stored logo, sent `days` ago. */
    const bulkRequest = async (days: number) => {
      const logo = `bulk-${randomUUID()}.webp`;
      await storeLogo({ config }, { name: logo, bytes: await imageBytes('webp') });
      const [row] = await database.db
        .insert(enquiries)
        .values({
          kind: 'bulk',
          reference: newReference('bulk'),
          name: 'Arjun Rao',
          email: 'arjun@example.test',
          phone: '9123456780',
          details: { organisation: 'Techfest', logo },
          createdAt: new Date(NOW.getTime() - days * DAY),
        })
        .returning({ id: enquiries.id });
      return { id: row!.id, logo: path.join(shopperPhotosDir(config), logo) };
    };
    const old = await bulkRequest(91);
    const recent = await bulkRequest(89);
    const [oldMessage] = await database.db
      .insert(enquiries)
      .values({
        kind: 'contact',
        reference: newReference('contact'),
        name: 'Riya Kapoor',
        email: 'riya@example.test',
        phone: '9876501234',
        details: { orderNumber: null, message: 'Does it shrink?' },
        createdAt: new Date(NOW.getTime() - 400 * DAY),
      })
      .returning({ id: enquiries.id });
    expect(existsSync(old.logo)).toBe(true);

    expect(await purgeOldEnquiries({ db: database.db, config }, NOW)).toBe(2);
    const left = await database.db
      .select({ id: enquiries.id })
      .from(enquiries)
      .where(inArray(enquiries.id, [old.id, recent.id, oldMessage!.id]));
    expect(left).toEqual([{ id: recent.id }]);
    expect(existsSync(old.logo)).toBe(false);
    expect(existsSync(recent.logo)).toBe(true);
    // Nothing more is old enough.
    expect(await purgeOldEnquiries({ db: database.db, config }, NOW)).toBe(0);
  });
});
