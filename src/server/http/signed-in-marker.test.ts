import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';

import { signedInMarker } from './signed-in-marker.ts';

function setup() {
  const app = new Hono();
  app.use(signedInMarker());
  app.get('/page', (c) => c.html('<p>page</p>', 200, { 'Cache-Control': 'public, max-age=0, s-maxage=60' }));
  app.get('/moved', () => Response.redirect('http://localhost/page', 302));
  return (path: string, cookie?: string) => app.request(path, { headers: cookie ? { Cookie: cookie } : {} });
}

describe('the signed-in marker', () => {
  it('is set beside a session that lacks it, HTTPS-only when the session is, and that answer is private', async () => {
    const get = setup();
    const res = await get('/page', 'ttt_pincode=560001; ttt.session_token=abc');
    expect(res.headers.getSetCookie()).toEqual(['ttt_signed_in=1; Path=/; Max-Age=2592000; SameSite=Lax']);
    expect(res.headers.get('Cache-Control')).toBe('private, no-cache');
    expect(await res.text()).toBe('<p>page</p>');
    const secure = await get('/moved', '__Secure-ttt.session_token=abc');
    expect(secure.status).toBe(302);
    expect(secure.headers.getSetCookie()).toEqual(['ttt_signed_in=1; Path=/; Max-Age=2592000; SameSite=Lax; Secure']);
  });

  it('is cleared once the session is gone (signed out, expired)', async () => {
    const res = await setup()('/page', 'ttt_signed_in=1; ttt_pincode=560001');
    expect(res.headers.getSetCookie()).toEqual(['ttt_signed_in=; Path=/; Max-Age=0; SameSite=Lax']);
    expect(res.headers.get('Cache-Control')).toBe('private, no-cache');
  });

  it('leaves every other answer as it was', async () => {
    const get = setup();
    for (const cookie of [undefined, 'ttt_pincode=560001', 'ttt.session_token=abc; ttt_signed_in=1']) {
      const res = await get('/page', cookie);
      expect(res.headers.getSetCookie(), cookie).toEqual([]);
      expect(res.headers.get('Cache-Control'), cookie).toBe('public, max-age=0, s-maxage=60');
    }
  });
});
