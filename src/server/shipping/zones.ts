// India's delivery zones, as data (docs/decisions/0053): pincode prefixes and what a parcel
// there takes from the warehouse. The local Shiprocket sandbox answers serviceability from this
// table, and a store without a courier account takes its estimates from it too (staff may edit
// their own copy, kept in delivery_zones; until they do, this one applies). The longest prefix
// that matches a pincode decides; the zone without prefixes is the rest of India.
import type { Serviceability } from './provider.ts';

export interface DeliveryZone {
  name: string;
  /** Pincode prefixes, 1 to 6 digits; empty for the rest of India. */
  prefixes: readonly string[];
  standardDays: number;
  /** Null: no express delivery there. */
  expressDays: number | null;
  cod: boolean;
  serviceable: boolean;
}

export const DEFAULT_ZONES: readonly DeliveryZone[] = [
  {
    name: 'Metro cities',
    // Delhi, Mumbai, Kolkata, Chennai, Bengaluru, Hyderabad, Pune, Ahmedabad.
    prefixes: ['110', '400', '700', '600', '560', '500', '411', '380'],
    standardDays: 3,
    expressDays: 1,
    cod: true,
    serviceable: true,
  },
  { name: 'Rest of India', prefixes: [], standardDays: 5, expressDays: 3, cod: true, serviceable: true },
  {
    name: 'North-East',
    // Assam, Arunachal Pradesh, Meghalaya, Manipur, Mizoram, Nagaland, Tripura, Sikkim.
    prefixes: ['78', '790', '791', '792', '793', '794', '795', '796', '797', '798', '799', '737'],
    standardDays: 7,
    expressDays: null,
    cod: true,
    serviceable: true,
  },
  {
    name: 'Jammu and Kashmir, Ladakh',
    prefixes: ['18', '190', '191', '192', '193', '194'],
    standardDays: 8,
    expressDays: null,
    cod: true,
    serviceable: true,
  },
  {
    name: 'Andaman and Nicobar, Lakshadweep',
    prefixes: ['744', '68255'],
    standardDays: 12,
    expressDays: null,
    cod: false,
    serviceable: true,
  },
];

/** The zone a pincode is in: the longest prefix that matches, else the one without prefixes. */
export function zoneOf(pincode: string, zones: readonly DeliveryZone[]): DeliveryZone | undefined {
  let best: { zone: DeliveryZone; length: number } | undefined;
  for (const zone of zones) {
    const lengths = zone.prefixes.filter((prefix) => pincode.startsWith(prefix)).map((prefix) => prefix.length);
    const length = zone.prefixes.length === 0 ? 0 : Math.max(-1, ...lengths);
    if (length >= 0 && (!best || length > best.length)) best = { zone, length };
  }
  return best?.zone;
}

/** What a zone promises a pincode, as a courier would answer. */
export function zoneServiceability(pincode: string, zones: readonly DeliveryZone[]): Serviceability {
  const zone = zoneOf(pincode, zones);
  if (!zone?.serviceable) return { serviceable: false };
  return { serviceable: true, cod: zone.cod, standardDays: zone.standardDays, expressDays: zone.expressDays };
}
