// The navbar's icon buttons and links (menu, search, wishlist, cart, user): never squeezed below
// their size. On a phone four of them, the menu and the logo share 360 px, so they are 40 px
// there and 44 px from `sm` up; before, the row overflowed at 390 px and squeezed the menu
// button to 22 px, and moved it once the rest of the row was laid out.
export const HEADER_ICON =
  'relative flex h-10 w-10 shrink-0 items-center justify-center rounded-full hover:bg-black/5 sm:h-11 sm:w-11';
