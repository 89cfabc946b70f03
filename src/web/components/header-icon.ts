// The navbar's icon buttons and links (menu, search, wishlist, cart, user), never squeezed below
// their size: on a phone four of them, the menu and the logo share 360 px, so they are 40 px there
// and 44 px from `sm` up (ADR 0033).
export const HEADER_ICON =
  'relative flex h-10 w-10 shrink-0 items-center justify-center rounded-full hover:bg-black/5 sm:h-11 sm:w-11';
