import { describe, expect, it } from 'vitest';

import { coalesced } from './coalesced.ts';

/** A clock moved by hand: what the window schedules runs when the test says time has passed. */
function setup(windowMs: number) {
  let acts = 0;
  const scheduled: Array<() => void> = [];
  const notice = coalesced(
    () => acts++,
    windowMs,
    (run, ms) => {
      expect(ms).toBe(windowMs);
      scheduled.push(run);
    },
  );
  return {
    notice,
    acts: () => acts,
    endWindow: () => scheduled.shift()!(),
    pending: () => scheduled.length,
  };
}

describe('coalesced', () => {
  it('acts at once on the first call: a quiet store shows a change straight away', () => {
    const { notice, acts, endWindow, pending } = setup(1000);
    notice();
    expect(acts()).toBe(1);
    endWindow();
    expect(acts()).toBe(1);
    expect(pending()).toBe(0);
    notice();
    expect(acts()).toBe(2);
  });

  it('folds a burst into one more act at the end of the window, never fewer', () => {
    const { notice, acts, endWindow, pending } = setup(1000);
    for (let i = 0; i < 50; i++) notice();
    expect(acts()).toBe(1);
    // What came after the first act still drops what was kept before it.
    endWindow();
    expect(acts()).toBe(2);
    endWindow();
    expect(acts()).toBe(2);
    expect(pending()).toBe(0);
  });

  it('acts once per window while calls keep coming', () => {
    const { notice, acts, endWindow } = setup(1000);
    notice();
    for (let window = 0; window < 5; window++) {
      notice();
      notice();
      endWindow();
    }
    expect(acts()).toBe(6);
  });

  it('acts on every call with a window of 0', () => {
    const { notice, acts, pending } = setup(0);
    notice();
    notice();
    notice();
    expect(acts()).toBe(3);
    expect(pending()).toBe(0);
  });
});
