/** A day, in milliseconds: for dates a test moves a number of days on or back. */
export const DAY_MS = 24 * 60 * 60_000;
