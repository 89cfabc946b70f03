// Reference numbers: the kind's letter and six characters read out without spelling (no 0/O, 1/I/L).
import { describe, expect, it } from 'vitest';

import { newReference, REFERENCE_PATTERN } from './reference.ts';

describe('newReference', () => {
  it('names the kind and uses only unambiguous characters', () => {
    const drawn = Array.from({ length: 2000 }, (_, index) => newReference(index % 2 ? 'bulk' : 'contact'));
    for (const reference of drawn) expect(reference).toMatch(REFERENCE_PATTERN);
    expect(drawn.filter((reference) => reference.startsWith('B-'))).toHaveLength(1000);
    expect(drawn.join('')).not.toMatch(/[01OILUV]/);
    // Random: 2000 draws from 600 million are all different.
    expect(new Set(drawn).size).toBe(2000);
  });
});
