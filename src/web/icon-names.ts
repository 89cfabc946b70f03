// The icons the store draws, by name: Lucide's (https://lucide.dev, ISC) and four brand marks. One
// SVG sprite holds them all (icons.svg, written by scripts/assets/icon-sprite.ts); pages point at
// it with <use>, so no icon's drawing travels in the JavaScript.
export const LUCIDE_ICONS = [
  'briefcase',
  'chevron-down',
  'chevron-left',
  'chevron-right',
  'circle-check',
  'heart',
  'hourglass',
  'house',
  'info',
  'life-buoy',
  'menu',
  'package',
  'package-x',
  'pause',
  'play',
  'search',
  'shopping-bag',
  'trash',
  'truck',
  'user',
  'x',
] as const;

export const BRAND_ICONS = ['instagram', 'facebook', 'x-twitter', 'whatsapp'] as const;

export type IconName = (typeof LUCIDE_ICONS)[number] | (typeof BRAND_ICONS)[number];
