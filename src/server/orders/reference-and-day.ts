// Money staff record by hand (cash the courier remitted, a payout they made) is named by its
// reference (the bank's, UPI app's or courier's) and the day (India's) it moved: both forms read
// them alike and refuse them in their own words.
import { failure, type Result } from '../errors.ts';
import { indiaDate } from './shipping.ts';

/** A form's own words for what is wrong with its reference or its day. */
interface ReferenceAndDayMessages {
  reference: string;
  referenceTooLong: string;
  date: string;
  dateInFuture: string;
}

/**
 * The reference trimmed, of 1 to `maxLength` characters, and the day (YYYY-MM-DD) one that exists
 * and is not after India's today; else the refusal naming the first thing wrong, on `dayField` for
 * the day.
 */
export function parseReferenceAndDay(
  input: { reference: unknown; day: unknown },
  messages: ReferenceAndDayMessages,
  { maxLength, dayField, now }: { maxLength: number; dayField: string; now: Date },
): Result<{ reference: string; day: string }> {
  const reference = typeof input.reference === 'string' ? input.reference.trim() : '';
  // Control characters are refused, as in every field (ADR 0019).
  if (!reference || /\p{Cc}/u.test(reference)) {
    return failure('invalid', messages.reference, { fieldErrors: { reference: messages.reference } });
  }
  if ([...reference].length > maxLength) {
    return failure('invalid', messages.referenceTooLong, { fieldErrors: { reference: messages.referenceTooLong } });
  }
  const day = typeof input.day === 'string' ? input.day.trim() : '';
  const noon = new Date(`${day}T12:00:00+05:30`);
  // A day that does not exist (30 February) is refused, not rolled over into the next month.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(noon.getTime()) || indiaDate(noon) !== day) {
    return failure('invalid', messages.date, { fieldErrors: { [dayField]: messages.date } });
  }
  if (day > indiaDate(now)) {
    return failure('invalid', messages.dateInFuture, { fieldErrors: { [dayField]: messages.dateInFuture } });
  }
  return { ok: true, reference, day };
}
