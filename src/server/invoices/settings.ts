// What tax documents need from the settings (config.ts reads them): the seller, the number prefix
// and the GST rate bands, with the checks config.ts runs on them (ADR 0024).
import type { IndianState } from '../../common/india.ts';
import type { RateBand, Seller } from './tax.ts';

export interface InvoiceSettings {
  seller: Seller;
  /** The first part of every document number: `TTT/2026-27/000123`. */
  prefix: string;
  rateBands: RateBand[];
}

/**
 * The GST state codes, the first two digits of a GSTIN, of the states in common/india.ts
 * (Daman and Diu's 25 merged into 26 in 2020; Andhra Pradesh is 37 since Telangana took 36).
 */
export const GST_STATE_CODES: Record<IndianState, string> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
};

const GSTIN_FORMAT = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The 15th character of a GSTIN: GSTN's check character over the first 14 (a Luhn mod 36). */
function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const product = GSTIN_ALPHABET.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET[(36 - (sum % 36)) % 36]!;
}

/** Why a GSTIN cannot be the seller's registration in `state`, or null when it can. */
export function gstinProblem(gstin: string, state: IndianState): string | null {
  if (!GSTIN_FORMAT.test(gstin)) {
    return 'must be a 15-character GSTIN: state code, PAN, entity number, Z, check character (29ABCDE1234F1Z5)';
  }
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return 'has a wrong check character (a typing error?)';
  if (gstin.slice(0, 2) !== GST_STATE_CODES[state]) {
    return `starts with state code ${gstin.slice(0, 2)}, but ${state}'s is ${GST_STATE_CODES[state]} (SELLER_STATE)`;
  }
  return null;
}

/**
 * GST_RATE_BANDS: comma-separated `ceiling:rate` pairs, the ceiling the taxable value per piece in
 * paise and the rate in whole per cent, ascending, the last ceiling `*` (no ceiling):
 * `250000:5,*:18` is 5% up to ₹2,500.00 a piece and 18% above.
 */
export function parseRateBands(value: string): RateBand[] {
  const bands = value.split(',').map((entry): RateBand => {
    const match = /^\s*(\d{1,9}|\*)\s*:\s*(\d{1,2})\s*$/.exec(entry);
    if (!match) throw new Error(`"${entry.trim()}" is not a ceiling in paise and a rate in per cent, such as 250000:5`);
    return { upToPaise: match[1] === '*' ? null : Number(match[1]), ratePercent: Number(match[2]) };
  });
  if (bands.at(-1)!.upToPaise !== null) throw new Error('the last band must have no ceiling (*:18)');
  bands.slice(0, -1).forEach((band, index) => {
    if (band.upToPaise === null) throw new Error('only the last band may have no ceiling');
    const previous = bands[index - 1];
    if (band.upToPaise === 0 || (previous && band.upToPaise <= previous.upToPaise!)) {
      throw new Error('the ceilings must be above zero and rise from band to band');
    }
  });
  return bands;
}
