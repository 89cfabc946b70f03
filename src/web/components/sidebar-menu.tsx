import { lazy, Suspense } from 'react';

import type { BadgeCounts } from '../../server/badges/service.ts';
import type { StoreSettings } from '../../server/config.ts';
import { useLazyDialog } from '../hooks/use-lazy-dialog.ts';
import { HEADER_ICON } from './header-icon.ts';
import { Icon } from './icon.tsx';

// The dialog's code loads when the shopper reaches for the menu, not with every page.
const loadDialog = () => import('./sidebar-dialog.tsx');
const SidebarDialog = lazy(loadDialog);

/** The menu button of the navbar; it opens the sidebar (sidebar-dialog.tsx). */
export function SidebarMenu({ badges, social }: { badges: BadgeCounts; social: StoreSettings['social'] }) {
  const { wanted, trigger, dialog } = useLazyDialog(loadDialog);
  return (
    <>
      <button {...trigger} aria-label="Open menu" className={HEADER_ICON}>
        <Icon name="menu" size={22} />
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <SidebarDialog {...dialog} badges={badges} social={social} />
        </Suspense>
      ) : null}
    </>
  );
}
