// The zone table's rules as staff's form is read (zone-table.ts): every field checked, each
// refusal beside its field, and a blank new row ignored; the zones' own lookup (zones.ts).
import { describe, expect, it } from 'vitest';

import { zoneForm } from '../../../tests/support/delivery-zones.ts';
import { readZoneTable, zoneFormRow, zoneFormRows, type ZoneFormRow } from './zone-table.ts';
import { DEFAULT_ZONES, zoneServiceability } from './zones.ts';

const ROWS = DEFAULT_ZONES.map(zoneFormRow);
const row = (overrides: Partial<ZoneFormRow>): ZoneFormRow => ({
  name: 'Goa',
  prefixes: '403',
  standardDays: '4',
  expressDays: '2',
  cod: true,
  serviceable: true,
  remove: false,
  ...overrides,
});
/** The built-in rows with `extra` after them; its refusals are named by its position, 5. */
const withRow = (extra: Partial<ZoneFormRow>) => readZoneTable([...ROWS, row(extra)]);

describe("reading staff's zone table", () => {
  it('takes the built-in zones as they are, and a new zone with them', () => {
    expect(readZoneTable(ROWS)).toEqual({ ok: true, zones: DEFAULT_ZONES });
    expect(withRow({ prefixes: '403, 4031 ,', expressDays: '' })).toEqual({
      ok: true,
      zones: [
        ...DEFAULT_ZONES,
        { name: 'Goa', prefixes: ['403', '4031'], standardDays: 4, expressDays: null, cod: true, serviceable: true },
      ],
    });
  });

  it('reads the rows of a posted form in order, dropping the blank new row and keeping removals', () => {
    const form = { ...zoneForm([...ROWS, row({ remove: true })]), 'name-6': ' ', 'prefixes-6': '', 'cod-6': 'on' };
    const rows = zoneFormRows(form);
    expect(rows).toEqual([...ROWS, row({ remove: true })]);
    // The removed zone is no longer in the table.
    expect(readZoneTable(rows)).toEqual({ ok: true, zones: DEFAULT_ZONES });
  });

  it('refuses prefixes that are not 1 to 6 digits, given twice, or in another zone', () => {
    expect(withRow({ prefixes: '40a, 1234567' })).toEqual({
      ok: false,
      message: 'Please correct the zones marked below.',
      fieldErrors: { 'prefixes-5': '"40a" is not a prefix: write 1 to 6 digits, separated by commas.' },
    });
    expect(withRow({ prefixes: '1234567' })).toMatchObject({
      fieldErrors: { 'prefixes-5': '"1234567" is not a prefix: write 1 to 6 digits, separated by commas.' },
    });
    expect(withRow({ prefixes: '403, 403' })).toMatchObject({ fieldErrors: { 'prefixes-5': '403 is given twice.' } });
    expect(withRow({ prefixes: '403, 110' })).toMatchObject({
      fieldErrors: { 'prefixes-5': '110 is also a prefix of Metro cities.' },
    });
    // A longer prefix inside another zone's is allowed: the longest match decides.
    expect(withRow({ prefixes: '1100' })).toMatchObject({ ok: true });
  });

  it('wants exactly one zone without prefixes, the rest of India', () => {
    expect(withRow({ prefixes: '' })).toMatchObject({
      fieldErrors: {
        'prefixes-5': 'Only one zone may have no prefixes (the rest of India): Rest of India has none already.',
      },
    });
    const noRest = ROWS.map((zone) => (zone.prefixes ? zone : { ...zone, prefixes: '1' }));
    expect(readZoneTable(noRest)).toEqual({
      ok: false,
      message: 'One zone must have no prefixes: it is the rest of India.',
      fieldErrors: {},
    });
  });

  it('wants days from 1 to 30, express no slower than standard, and a name of its own', () => {
    expect(withRow({ name: '', standardDays: '0', expressDays: '31' })).toEqual({
      ok: false,
      message: 'Please correct the zones marked below.',
      fieldErrors: {
        'name-5': 'Give the zone a name.',
        'standardDays-5': 'Standard days must be a whole number from 1 to 30.',
        'expressDays-5': 'Express days must be a whole number from 1 to 30, or empty for no express delivery.',
      },
    });
    expect(withRow({ standardDays: '2.5' })).toMatchObject({
      fieldErrors: { 'standardDays-5': 'Standard days must be a whole number from 1 to 30.' },
    });
    expect(withRow({ standardDays: '3', expressDays: '4' })).toMatchObject({
      fieldErrors: { 'expressDays-5': 'Express days cannot be more than standard days.' },
    });
    expect(withRow({ standardDays: '30', expressDays: '30' })).toMatchObject({ ok: true });
    expect(withRow({ name: 'metro CITIES' })).toMatchObject({
      fieldErrors: { 'name-5': 'Another zone has this name.' },
    });
    expect(withRow({ name: 'x'.repeat(61) })).toMatchObject({
      fieldErrors: { 'name-5': "A zone's name is at most 60 characters." },
    });
  });

  it('takes at most 50 zones', () => {
    const many = Array.from({ length: 50 }, (_, index) =>
      row({ name: `Zone ${index}`, prefixes: String(100 + index) }),
    );
    expect(readZoneTable([...ROWS, ...many])).toMatchObject({ ok: false, message: 'A table has at most 50 zones.' });
  });
});

describe('the zone of a pincode', () => {
  it('is the longest matching prefix, else the rest of India; a zone not delivered to is not serviceable', () => {
    expect(zoneServiceability('110001', DEFAULT_ZONES)).toEqual({
      serviceable: true,
      cod: true,
      standardDays: 3,
      expressDays: 1,
    });
    expect(zoneServiceability('682551', DEFAULT_ZONES)).toMatchObject({ standardDays: 12, cod: false });
    expect(zoneServiceability('682031', DEFAULT_ZONES)).toMatchObject({ standardDays: 5, expressDays: 3 });
    const closed = DEFAULT_ZONES.map((zone) =>
      zone.prefixes.includes('744') ? { ...zone, serviceable: false } : zone,
    );
    expect(zoneServiceability('744101', closed)).toEqual({ serviceable: false });
  });
});
