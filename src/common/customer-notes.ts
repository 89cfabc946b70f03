// Notes staff leave on a customer's page: how long one may be, the words of a refusal, and the one
// check of what the form sends (the form takes its limit from here, the server its check).
import { z } from 'zod';

/** The longest note staff may leave on a customer's page. */
export const CUSTOMER_NOTE_MAX = 2_000;

export const CUSTOMER_NOTE_MESSAGES = {
  empty: 'Write the note first.',
  tooLong: `A note can be at most ${CUSTOMER_NOTE_MAX.toLocaleString('en-IN')} characters.`,
  customerNotFound: 'Customer not found',
  accountDeleted: 'This account was deleted: notes can no longer be added.',
} as const;

/**
 * A note as typed: line breaks kept (as \n), other control characters out, trimmed; 1 to
 * CUSTOMER_NOTE_MAX characters, counted as the database counts them (code points).
 */
export const CustomerNoteSchema = z
  .string({ error: CUSTOMER_NOTE_MESSAGES.empty })
  .transform((text) =>
    text
      .replace(/\r\n?/g, '\n')
      .replace(/[^\P{Cc}\n]/gu, ' ')
      .trim(),
  )
  .refine((text) => text.length > 0, CUSTOMER_NOTE_MESSAGES.empty)
  .refine((text) => [...text].length <= CUSTOMER_NOTE_MAX, CUSTOMER_NOTE_MESSAGES.tooLong);
