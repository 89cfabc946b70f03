import { describe, expect, it } from 'vitest';

import { onPublicOrigin } from './public-origin.ts';

describe('a request through a trusted proxy', () => {
  it('is put on the public origin, whatever inner address and port the proxy used', () => {
    const inner = new Request('http://127.0.0.1:3000/login?next=%2Fcart', { method: 'POST', body: 'a=1' });
    expect(onPublicOrigin(inner, 'https://shop.example').url).toBe('https://shop.example/login?next=%2Fcart');
    expect(onPublicOrigin(inner, 'https://shop.example:8443').url).toBe('https://shop.example:8443/login?next=%2Fcart');
  });

  it('is left as it is when it already is on the public origin', () => {
    const request = new Request('https://shop.example/cart');
    expect(onPublicOrigin(request, 'https://shop.example')).toBe(request);
  });
});
