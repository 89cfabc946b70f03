import type { Browser, Page } from '@playwright/test';

import { LOGIN_POPUP_DISMISSED_KEY } from '../../src/web/components/login-popup.tsx';
import { signInAs, test, type TestUser } from './fixtures.ts';

/**
 * A browser of a second person's own (a context with its own cookies), the same kind of device as
 * the test's, with the home page's login popup dismissed as the fixtures' page has it. Close it
 * with `page.context().close()`.
 */
export async function ownBrowser(browser: Browser): Promise<Page> {
  const { baseURL, viewport, userAgent, isMobile, hasTouch, deviceScaleFactor } = test.info().project.use;
  const context = await browser.newContext({ baseURL, viewport, userAgent, isMobile, hasTouch, deviceScaleFactor });
  await context.addInitScript((key) => sessionStorage.setItem(key, '1'), LOGIN_POPUP_DISMISSED_KEY);
  return context.newPage();
}

/** A browser of a second person's own, signed in as `signInAs` signs in. */
export async function ownBrowserAs(
  browser: Browser,
  options: Parameters<typeof signInAs>[1],
): Promise<{ page: Page; user: TestUser }> {
  const page = await ownBrowser(browser);
  return { page, user: await signInAs(page, options) };
}
