import { lazy } from 'react';

import type { BadgeCounts } from '../../server/shopper-marks/service.ts';
import type { StoreSettings } from '../../server/config.ts';
import { HEADER_ICON } from './header-icon.ts';
import { Icon } from './icon.tsx';
import { LazyDialogButton } from './lazy-dialog-button.tsx';

// The dialog's code loads when the shopper reaches for the menu, not with every page.
const loadDialog = () => import('./sidebar-dialog.tsx');
const SidebarDialog = lazy(loadDialog);

/** The menu button of the navbar; it opens the sidebar (sidebar-dialog.tsx). */
export function SidebarMenu({ badges, social }: { badges: BadgeCounts; social: StoreSettings['social'] }) {
  return (
    <LazyDialogButton
      load={loadDialog}
      label="Open menu"
      className={HEADER_ICON}
      dialog={SidebarDialog}
      dialogProps={{ badges, social }}
    >
      <Icon name="menu" size={22} />
    </LazyDialogButton>
  );
}
