import { describe, expect, it } from 'vitest';

import { safeLocalPath } from './safe-path.ts';

describe('safeLocalPath', () => {
  it('keeps a path of this site, with its query', () => {
    expect(safeLocalPath('/products?category=jackets&page=2')).toBe('/products?category=jackets&page=2');
    expect(safeLocalPath('/')).toBe('/');
  });

  it.each(['https://evil.example', '//evil.example', '/\\evil.example', '/\t/evil.example', 'evil', '', 42, null])(
    'refuses %j',
    (value) => {
      expect(safeLocalPath(value)).toBe('/');
    },
  );
});
