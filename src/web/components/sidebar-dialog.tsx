import * as Dialog from '@radix-ui/react-dialog';
import { href, Link } from 'react-router';

import type { StoreSettings } from '../../server/config.ts';
import type { BadgeCounts } from '../../server/shopper-marks/service.ts';
import { CountBadge, countLabel } from './count-badge.tsx';
import { DialogClose } from './dialog-close.tsx';
import { Icon } from './icon.tsx';
import type { DialogControl } from './lazy-dialog-button.tsx';
import { SocialLinks } from './site-footer.tsx';

const LINKS = [
  { to: href('/'), label: 'Home', icon: 'house' },
  { to: href('/profile'), label: 'Profile', icon: 'user' },
  { to: href('/favorites'), label: 'Wishlist', icon: 'heart', badge: 'wishlist' },
  { to: href('/cart'), label: 'Cart', icon: 'shopping-bag', badge: 'cart' },
  { to: href('/orders'), label: 'My Orders', icon: 'package' },
  { to: href('/career'), label: 'Career', icon: 'briefcase' },
  { to: href('/about'), label: 'About Us', icon: 'info' },
  // Help & Support is where shoppers write to the store (ADR 0028); /help stays a placeholder.
  { to: href('/contact'), label: 'Help & Support', icon: 'life-buoy' },
] as const;

/** The open sidebar (docs/product.md §2 "Navbar"): a modal dialog that traps focus and closes on Escape. */
export default function SidebarDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
  badges,
  social,
}: DialogControl & {
  badges: BadgeCounts;
  social: StoreSettings['social'];
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          className="fixed inset-y-0 left-0 z-50 flex w-80 max-w-[85vw] flex-col bg-paper shadow-xl focus:outline-none"
          aria-describedby={undefined}
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <div className="flex items-center justify-between border-b border-black/10 px-4 py-3">
            <Dialog.Title className="text-lg font-black uppercase">
              Trap <span className="text-brand">the</span> Trend
            </Dialog.Title>
            <DialogClose label="Close menu" />
          </div>
          <nav aria-label="Menu" className="flex-1 overflow-y-auto py-2">
            <ul>
              {LINKS.map((link) => {
                const count = 'badge' in link ? badges[link.badge] : 0;
                return (
                  <li key={link.to}>
                    <Link
                      to={link.to}
                      onClick={() => onOpenChange(false)}
                      aria-label={countLabel(link.label, count)}
                      className="flex items-center gap-3 px-5 py-3 font-semibold hover:bg-black/5"
                    >
                      <span className="relative">
                        <Icon name={link.icon} size={20} />
                        <CountBadge count={count} />
                      </span>
                      {link.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="bg-ink px-5 py-4 text-white">
            <SocialLinks social={social} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
