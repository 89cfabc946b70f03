import { href, Link } from 'react-router';

import type { BadgeCounts } from '../../server/shopper-marks/service.ts';
import type { StoreSettings } from '../../server/config.ts';
import { CountBadge, countLabel } from './count-badge.tsx';
import { HEADER_ICON } from './header-icon.ts';
import { LiveSearch } from './live-search.tsx';
import { SidebarMenu } from './sidebar-menu.tsx';
import { UserMenu } from './user-menu.tsx';
import { Icon } from './icon.tsx';

/** The navbar (docs/product.md §2): menu, logo, live search, wishlist and cart with counts, the user icon. */
export function SiteHeader({
  badges,
  social,
  user,
}: {
  badges: BadgeCounts;
  social: StoreSettings['social'];
  user: { name: string } | null;
}) {
  return (
    <header className="sticky top-0 z-40 border-b border-black/10 bg-paper/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-1 px-1 sm:gap-2 sm:px-4">
        <SidebarMenu badges={badges} social={social} />
        <Link
          to={href('/')}
          className="shrink-0 text-sm font-black tracking-tight uppercase min-[370px]:text-base sm:text-lg"
          aria-label="Trap the Trend, home"
        >
          Trap <span className="text-brand">the</span> Trend
        </Link>
        <div className="flex flex-1 items-center justify-end sm:gap-1">
          <LiveSearch />
          <Link to={href('/favorites')} className={HEADER_ICON} aria-label={countLabel('Wishlist', badges.wishlist)}>
            <Icon name="heart" size={22} />
            <CountBadge count={badges.wishlist} />
          </Link>
          <Link to={href('/cart')} className={HEADER_ICON} aria-label={countLabel('Cart', badges.cart)}>
            <Icon name="shopping-bag" size={22} />
            <CountBadge count={badges.cart} />
          </Link>
          {user ? (
            <UserMenu name={user.name} className={HEADER_ICON} />
          ) : (
            <>
              {/* Signed out: phones go to log in, wider screens to sign up (docs/product.md §2). */}
              <Link to={href('/login')} className={`${HEADER_ICON} desktop:hidden`} aria-label="Log in">
                <Icon name="user" size={22} />
              </Link>
              <Link to={href('/signup')} className={`${HEADER_ICON} hidden desktop:flex`} aria-label="Sign up">
                <Icon name="user" size={22} />
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
