import { describe, expect, it } from 'vitest';

import { INDIAN_STATES } from '../../common/india.ts';
import { lookupPincode } from './pincodes.ts';

describe('lookupPincode', () => {
  it('knows the city and state of a big city', () => {
    expect(lookupPincode('560001')).toEqual({ city: 'Bengaluru', state: 'Karnataka' });
    expect(lookupPincode('400050')).toEqual({ city: 'Mumbai', state: 'Maharashtra' });
    expect(lookupPincode('110001')).toEqual({ city: 'New Delhi', state: 'Delhi' });
  });

  it('knows at least the state elsewhere', () => {
    expect(lookupPincode('173212')).toEqual({ city: undefined, state: 'Himachal Pradesh' });
  });

  it('knows nothing of a malformed or unknown pincode', () => {
    for (const code of ['', '56000', '5600011', '056001', 'abcdef', '990001'])
      expect(lookupPincode(code)).toBeUndefined();
  });

  it('names only real states and union territories', () => {
    for (let prefix = 100; prefix <= 999; prefix += 1) {
      const place = lookupPincode(`${prefix}001`);
      if (place) expect(INDIAN_STATES).toContain(place.state);
    }
  });
});
