// Shared fixtures: every test fails on a browser console.error or an uncaught page error, and
// `expectNoA11yViolations` runs axe on the current page (serious and critical violations fail).
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'the browser logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export async function expectNoA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    `accessibility violations on ${page.url()}`,
  ).toEqual([]);
}

/** Chromium reports a document's own 404 status on the console; a 404 page expects exactly that. */
export function expectOnlyDocument404(consoleErrors: string[]) {
  expect(consoleErrors.splice(0)).toEqual([
    'Failed to load resource: the server responded with a status of 404 (Not Found)',
  ]);
}
