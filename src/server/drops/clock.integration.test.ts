// Each instance's clock of drops: it knows the next drop's minute, calls at that minute, and reads
// the schedule again when asked (after a catalog notice, or once notices are heard again).
import { setTimeout as sleep } from 'node:timers/promises';

import { describe, expect, it } from 'vitest';

import { useTestDatabase } from '../../../tests/support/database.ts';
import { createDrop } from '../../../tests/support/drops.ts';
import { createLogger } from '../logger.ts';
import { dropClock } from './clock.ts';

const database = useTestDatabase();

describe("an instance's clock of drops", () => {
  it("calls at the next drop's minute, then knows none is left; a drop made later is read when asked", async () => {
    const lived: number[] = [];
    const goesLiveAt = new Date(Date.now() + 600);
    await createDrop(database.db, [], { goesLiveAt });
    const clock = dropClock({ db: database.db, logger: createLogger('silent'), onLive: () => lived.push(Date.now()) });
    await expect.poll(() => clock.msUntilNextDrop()).toBeGreaterThan(0);
    expect(clock.msUntilNextDrop()).toBeLessThanOrEqual(600);

    await expect.poll(() => lived.length, { timeout: 3000 }).toBe(1);
    expect(lived[0]).toBeGreaterThanOrEqual(goesLiveAt.getTime());
    await expect.poll(() => clock.msUntilNextDrop()).toBeUndefined();

    const later = new Date(Date.now() + 60_000);
    await createDrop(database.db, [], { goesLiveAt: later });
    await sleep(50);
    expect(clock.msUntilNextDrop()).toBeUndefined();
    clock.refresh();
    await expect.poll(() => clock.msUntilNextDrop()).toBeGreaterThan(59_000);
  });
});
