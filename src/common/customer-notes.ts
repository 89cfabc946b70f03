/** The longest note staff may leave on a customer's page. */
export const CUSTOMER_NOTE_MAX = 2_000;
