import { lazy, Suspense, useRef, useState } from 'react';

import type { BadgeCounts } from '../../server/shopper-marks/service.ts';
import type { StoreSettings } from '../../server/config.ts';
import { HEADER_ICON } from './header-icon.ts';
import { Icon } from './icon.tsx';

// The dialog's code loads when the shopper reaches for the menu, not with every page.
const loadDialog = () => import('./sidebar-dialog.tsx');
const SidebarDialog = lazy(loadDialog);

/** The menu button of the navbar; it opens the sidebar (sidebar-dialog.tsx). */
export function SidebarMenu({ badges, social }: { badges: BadgeCounts; social: StoreSettings['social'] }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className={HEADER_ICON}
      >
        <Icon name="menu" size={22} />
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <SidebarDialog
            open={open}
            onOpenChange={setOpen}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              triggerRef.current?.focus();
            }}
            badges={badges}
            social={social}
          />
        </Suspense>
      ) : null}
    </>
  );
}
