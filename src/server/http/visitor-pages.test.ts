import { describe, expect, it } from 'vitest';

import { visitorPageAddress, withoutSessionCookies } from './visitor-pages.ts';

const address = (path: string) => visitorPageAddress(new URL(path, 'http://localhost:3000'));

describe('visitorPageAddress', () => {
  it("keeps the listing's filters and page, once each, in one order", () => {
    expect(address('/products?page=2&category=jackets&utm_source=mail&search=red%20tee')).toBe(
      '/products?search=red+tee&category=jackets&page=2',
    );
    expect(address('/products?category=jackets&category=polos&fbclid=1')).toBe('/products?category=jackets');
    expect(address('/products?collection=trap-themed')).toBe('/products?collection=trap-themed');
  });

  it("keeps the product page's page of reviews only", () => {
    expect(address('/product/7?reviewsPage=3&x=1')).toBe('/product/7?reviewsPage=3');
    expect(address('/product/7?page=3')).toBe('/product/7');
  });

  it('keeps no query for the pages that read none', () => {
    expect(address('/?utm_campaign=diwali')).toBe('/');
    expect(address(`/about?${'junk=1&'.repeat(500)}`)).toBe('/about');
    expect(address('/faq')).toBe('/faq');
  });
});

describe('withoutSessionCookies', () => {
  it("takes out better-auth's cookies, over HTTP or HTTPS, and keeps the store's own", () => {
    expect(withoutSessionCookies('ttt_pincode=560001; ttt.session_token=a.b; ttt_signed_in=1')).toBe(
      'ttt_pincode=560001; ttt_signed_in=1',
    );
    expect(withoutSessionCookies('__Secure-ttt.session_token=a;__Secure-ttt.session_data=b;theme=dark')).toBe(
      'theme=dark',
    );
    expect(withoutSessionCookies('ttt.session_token=a; ttt.dont_remember=true')).toBeUndefined();
  });
});
