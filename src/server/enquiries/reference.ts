// The reference number an enquiry is quoted by (ADR 0028): the kind's letter and six
// random characters from an alphabet without look-alikes (no 0/O, 1/I/L, no U or V), read out on a
// phone without spelling: `C-7K3M9Q`, `B-2XW8RT`. 29^6 is about 600 million, so guessing one is
// hopeless and a collision is rare; the insert retries on one (the column is unique).
import { randomInt } from 'node:crypto';

import type { ENQUIRY_KINDS } from '../db/schema.ts';

const ALPHABET = '23456789ABCDEFGHJKMNPQRSTWXYZ';
const LENGTH = 6;
const PREFIX = { contact: 'C', bulk: 'B' } as const;

/** A reference as a person may type it back: the letter, a dash and six characters of the alphabet. */
export const REFERENCE_PATTERN = new RegExp(`^[CB]-[${ALPHABET}]{${LENGTH}}$`);

export function newReference(kind: (typeof ENQUIRY_KINDS)[number]): string {
  let code = '';
  for (let i = 0; i < LENGTH; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${PREFIX[kind]}-${code}`;
}
