// The store's two button looks, for forms and dialogs alike. A module of their own: the home page's
// login popup needs them, and must not bring every form field with it.

export const PRIMARY_BUTTON =
  'w-full rounded-md bg-ink px-5 py-3 font-bold text-white hover:bg-black disabled:cursor-not-allowed disabled:opacity-60';
export const SECONDARY_BUTTON =
  'w-full rounded-md border border-ink px-5 py-3 font-bold text-ink hover:bg-black/5 disabled:cursor-not-allowed disabled:opacity-60';
