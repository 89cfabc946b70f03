// An icon from the store's sprite (icon-names.ts): an <svg> that points at its <symbol>, drawn in
// the current text colour with Lucide's 2 px rounded strokes. The sprite is one fingerprinted file
// the browser caches; the JavaScript carries only the icon's name. Always decorative: the control
// around it says what it does.
import type { SVGProps } from 'react';

import type { IconName } from '../icon-names.ts';
import sprite from '../icons.svg?no-inline';

export function Icon({ name, size = 24, ...svg }: { name: IconName; size?: number } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...svg}
    >
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
