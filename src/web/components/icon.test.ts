// The committed icon sprite is what its generator draws, with a symbol for every icon name.
import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { ICON_SPRITE, renderIconSprite } from '../../../scripts/assets/icon-sprite.ts';
import { BRAND_ICONS, LUCIDE_ICONS } from '../icon-names.ts';

describe('icons.svg', () => {
  it('is up to date (npm run assets:generate writes it)', async () => {
    expect(readFileSync(ICON_SPRITE, 'utf8')).toBe(await renderIconSprite());
  });

  it('has one symbol for each icon name, and nothing else', () => {
    const ids = [...readFileSync(ICON_SPRITE, 'utf8').matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids).toEqual([...LUCIDE_ICONS, ...BRAND_ICONS]);
  });
});
