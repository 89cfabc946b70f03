// Interaction to Next Paint of what shoppers do most, on the built store, in Debian's Chromium
// on a phone-sized page with the CPU slowed 4× (Lighthouse's mobile setting). Each repetition opens
// the page afresh, waits for it to hydrate, and does the one interaction with trusted input (a tap,
// keys); web-vitals' onINP, with its attribution, reads the interaction's latency and where it went
// (waiting for the main thread, the handlers, the paint). What an interaction needs first (a size
// chosen before Add to Cart) is done with an untrusted click from the page's own script: React
// answers it, but the browser does not count it as an interaction, so it cannot hide or inflate the
// one measured.
//
// `npm run bench` runs it after Lighthouse (bench/run.ts); `npm run bench:interactions` runs it
// alone against a fresh store, for work on one interaction.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium, expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';

import { CHROME_PATH, CHROMIUM_FLAGS } from '../scripts/chromium.ts';
import { CART_MESSAGES } from '../src/common/cart-messages.ts';
import { median } from './lighthouse.ts';
import { buildStore, freePort, ROOT, startStore } from './server.ts';
import { signUpShoppers } from './shoppers.ts';
import { table } from './table.ts';

/** Repetitions of each interaction; the 75th percentile is reported. */
export const INTERACTION_RUNS = Number(process.env.INTERACTION_RUNS ?? 20);
/** Lighthouse's mobile CPU slowdown. */
const CPU_SLOWDOWN = 4;
/** Each interaction's answer painted within this, at the 75th percentile. */
export const INTERACTION_TARGET_MS = 100;
/** Lighthouse's mobile screen (a Moto G Power). */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
/** How long an interaction's figure may take to come after its answer shows. */
const REPORT_TIMEOUT_MS = 5_000;

interface Interaction {
  name: string;
  path: string;
  /** Done as a signed-in shopper (with one line in the cart) rather than a visitor. */
  signedIn?: boolean;
  /** Sets the page up without counting as an interaction (untrusted events only); `run` counts from 0. */
  prepare?: (page: Page, run: number) => Promise<void>;
  /** The interaction itself, with trusted input, then waits until its answer shows. */
  act: (page: Page) => Promise<void>;
}

/** A click that React answers but the browser does not count as an interaction (isTrusted false). */
async function untrustedClick(page: Page, selector: string, nth = 0) {
  const all = page.locator(selector);
  await all.nth(nth % (await all.count())).evaluate((element: HTMLElement) => element.click());
}

/**
 * A finger's tap on the element, with nothing of the test's own in the page at that moment.
 * Playwright's `tap()` finds the element by its role and name and checks what the touch will hit
 * from inside the page, just before and during the touch: on the slowed CPU, tens of milliseconds
 * of the page's main thread that a phone would not spend, counted in the interaction's input delay
 * and handlers. So the element is found and brought on screen first, the page is given a frame to
 * settle, then the touch is sent where the element is.
 */
async function tap(page: Page, locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${String(locator)} is not on the page`);
  await page.evaluate(() => new Promise((settled) => requestAnimationFrame(() => setTimeout(settled, 50))));
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

async function focus(page: Page, locator: Locator) {
  await locator.evaluate((element: HTMLElement) => element.focus());
}

const ENABLED_SIZE = '[role="radiogroup"] input[type="radio"]:enabled';

/** The interactions measured, on the product, listing, cart and login pages. */
function interactions(productPath: string): Interaction[] {
  const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search products' });
  const heart = (page: Page) =>
    page
      .getByRole('main')
      .getByRole('button', { name: /^Like / })
      .first();
  const quantity = (page: Page) => page.getByRole('combobox', { name: 'Quantity' }).first();
  const email = (page: Page) => page.getByRole('textbox', { name: 'Email' }).first();
  return [
    {
      name: 'choose a size',
      path: productPath,
      act: async (page) => {
        await tap(page, page.locator(ENABLED_SIZE).first());
        await expect(page.locator(ENABLED_SIZE).first()).toBeChecked();
      },
    },
    {
      name: 'Add to Cart',
      path: productPath,
      signedIn: true,
      // A size in turn, so that twenty additions spread over the sizes' quantity limits.
      prepare: (page, run) => untrustedClick(page, ENABLED_SIZE, run),
      act: async (page) => {
        await tap(page, page.getByRole('button', { name: 'Add to Cart' }));
        // Whatever the answer, so that a refusal is told rather than waited out.
        const answer = page.locator('[data-sonner-toast]').first();
        await answer.waitFor().catch(() => {
          throw new Error(`Add to Cart: no answer showed (the page is at ${page.url()})`);
        });
        const text = await answer.innerText();
        if (!text.includes(CART_MESSAGES.added)) throw new Error(`Add to Cart answered "${text}"`);
      },
    },
    {
      name: 'like (the heart)',
      path: productPath,
      signedIn: true,
      act: async (page) => {
        const pressed = await heart(page).getAttribute('aria-pressed');
        await tap(page, heart(page));
        await expect(heart(page)).toHaveAttribute('aria-pressed', pressed === 'true' ? 'false' : 'true');
      },
    },
    {
      name: 'type in search (each key, worst)',
      path: '/products',
      // On a phone the search bar opens from the header's Search button.
      prepare: async (page) => {
        await untrustedClick(page, 'button[aria-label="Search"]');
        await focus(page, searchBox(page));
      },
      act: async (page) => {
        await page.keyboard.type('jacket', { delay: 120 });
        await page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('option').first().waitFor();
      },
    },
    {
      name: 'open the menu',
      path: '/products',
      act: async (page) => {
        await tap(page, page.getByRole('button', { name: 'Open menu' }));
        await page.getByRole('dialog').first().waitFor();
      },
    },
    {
      name: 'open the size chart',
      path: productPath,
      act: async (page) => {
        await tap(page, page.getByRole('button', { name: 'Size Chart' }));
        await page.getByRole('dialog', { name: 'Size Chart' }).waitFor();
      },
    },
    {
      name: 'Load More (listing)',
      path: '/products',
      act: async (page) => {
        await tap(page, page.getByRole('link', { name: 'Load More' }));
        await page.getByRole('main').getByRole('listitem').nth(12).waitFor();
      },
    },
    {
      name: 'change the quantity (cart)',
      path: '/cart',
      signedIn: true,
      prepare: (page) => focus(page, quantity(page)),
      // One step down the list, or up from its end: the line's quantity moves by one either way.
      act: async (page) => {
        const before = await quantity(page).inputValue();
        const atEnd = await quantity(page).evaluate(
          (select: HTMLSelectElement) => select.selectedIndex === select.length - 1,
        );
        await page.keyboard.press(atEnd ? 'ArrowUp' : 'ArrowDown');
        await expect(quantity(page)).not.toHaveValue(before);
      },
    },
    {
      name: 'type in the login form (each key, worst)',
      path: '/login',
      prepare: (page) => focus(page, email(page)),
      act: async (page) => {
        await page.keyboard.type('asha@example.in', { delay: 60 });
        await expect(email(page)).toHaveValue('asha@example.in');
      },
    },
  ];
}

/** One repetition's figure, from web-vitals' INP attribution. */
interface Sample {
  inpMs: number;
  inputDelayMs: number;
  processingMs: number;
  presentationMs: number;
  target: string;
}

export interface InteractionResult {
  name: string;
  path: string;
  runs: number;
  p75Ms: number;
  medianMs: number;
  maxMs: number;
  /** Where the time went at the 75th percentile of each phase. */
  p75InputDelayMs: number;
  p75ProcessingMs: number;
  p75PresentationMs: number;
  /** The element the slowest repetition's interaction was on. */
  target: string;
  pass: boolean;
}

// The build that defines a global `webVitals`, for a page's init script.
const WEB_VITALS = path.join(
  path.dirname(fileURLToPath(import.meta.resolve('web-vitals/attribution'))),
  'web-vitals.attribution.iife.js',
);

// Every INP change reported into window.__inp; reportAllChanges so that a single interaction is
// reported as soon as it is known, durationThreshold 0 so that short ones are too (the browser's
// floor is 16 ms).
const OBSERVE_INP = `
  window.__inp = [];
  webVitals.onINP((metric) => {
    const a = metric.attribution;
    window.__inp.push({
      inpMs: metric.value,
      inputDelayMs: a.inputDelay,
      processingMs: a.processingDuration,
      presentationMs: a.presentationDelay,
      target: a.interactionTarget || '',
    });
  }, { reportAllChanges: true, durationThreshold: 0 });
`;

/** Measures every interaction INTERACTION_RUNS times against a running store. */
export async function measureInteractions(
  origin: string,
  shopperCookie: string,
  log: (message: string) => void,
): Promise<InteractionResult[]> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: [...CHROMIUM_FLAGS] });
  try {
    const visitor = await phoneContext(browser, origin);
    const shopper = await phoneContext(browser, origin, shopperCookie);
    const productPath = await firstProductWithSizeChart(origin);
    await putOneLineInTheCart(shopper, productPath);
    const results: InteractionResult[] = [];
    for (const interaction of interactions(productPath)) {
      const samples: Sample[] = [];
      for (let run = 0; run < INTERACTION_RUNS; run++) {
        samples.push(await measureOnce(interaction.signedIn ? shopper : visitor, interaction, run));
      }
      const result = summarise(interaction, samples);
      log(`interaction "${result.name}": p75 ${result.p75Ms} ms (max ${result.maxMs} ms) over ${result.runs} runs`);
      results.push(result);
    }
    return results;
  } finally {
    await browser.close();
  }
}

async function phoneContext(browser: Browser, origin: string, cookie?: string): Promise<BrowserContext> {
  const context = await browser.newContext({ ...PHONE, baseURL: origin });
  // One script: each init script runs in a scope of its own, and the library's global is a `var`.
  await context.addInitScript({ content: `${readFileSync(WEB_VITALS, 'utf8')}\n${OBSERVE_INP}` });
  if (cookie) {
    const [name, ...value] = cookie.split('=');
    await context.addCookies([{ name: name!, value: value.join('='), url: origin }]);
  }
  return context;
}

async function measureOnce(context: BrowserContext, interaction: Interaction, run: number): Promise<Sample> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(interaction.path);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    // A shopper is sent the page kept for visitors, and their own data (the hearts among it) comes
    // after it (ADR 0058): a heart read before it lands is the visitor's, and flips under the tap.
    if (interaction.signedIn) await page.locator('[aria-label^="Account menu for "]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    await interaction.prepare?.(page, run);
    await interaction.act(page);
    return await reportedInp(page, interaction.name);
  } finally {
    await page.close();
  }
}

/** The interaction's figure: the last INP reported, once no change has come for half a second. */
async function reportedInp(page: Page, name: string): Promise<Sample> {
  const deadline = Date.now() + REPORT_TIMEOUT_MS;
  let last: Sample | undefined;
  let stableSince = Date.now();
  while (Date.now() < deadline) {
    const reports = await page.evaluate(() => (window as unknown as { __inp: Sample[] }).__inp);
    const latest = reports.at(-1);
    if (latest && latest.inpMs !== last?.inpMs) {
      last = latest;
      stableSince = Date.now();
    } else if (last && Date.now() - stableSince >= 500) {
      return last;
    }
    await page.waitForTimeout(100);
  }
  if (last) return last;
  throw new Error(`"${name}": no interaction was reported within ${REPORT_TIMEOUT_MS / 1000} s of its answer`);
}

function summarise(interaction: Interaction, samples: Sample[]): InteractionResult {
  const inp = samples.map((s) => s.inpMs);
  const slowest = samples.reduce((a, b) => (b.inpMs > a.inpMs ? b : a));
  const p75Ms = percentile(inp, 75);
  return {
    name: interaction.name,
    path: interaction.path,
    runs: samples.length,
    p75Ms,
    medianMs: median(inp),
    maxMs: Math.max(...inp),
    p75InputDelayMs: percentile(
      samples.map((s) => s.inputDelayMs),
      75,
    ),
    p75ProcessingMs: percentile(
      samples.map((s) => s.processingMs),
      75,
    ),
    p75PresentationMs: percentile(
      samples.map((s) => s.presentationMs),
      75,
    ),
    target: slowest.target,
    pass: p75Ms < INTERACTION_TARGET_MS,
  };
}

/** The nearest-rank percentile, rounded to the millisecond. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!);
}

/** A product whose category has a size chart (the size chart is one of the interactions). */
async function firstProductWithSizeChart(origin: string): Promise<string> {
  for (let id = 1; id <= 20; id++) {
    const html = await (await fetch(new URL(`/product/${id}`, origin))).text();
    if (html.includes('Size Chart')) return `/product/${id}`;
  }
  throw new Error('none of the first 20 products has a size chart');
}

async function putOneLineInTheCart(shopper: BrowserContext, productPath: string) {
  const page = await shopper.newPage();
  try {
    await page.goto(productPath);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await untrustedClick(page, ENABLED_SIZE);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText(CART_MESSAGES.added).first().waitFor();
    await page.goto('/cart');
    await page.getByRole('combobox', { name: 'Quantity' }).first().waitFor();
  } finally {
    await page.close();
  }
}

/** The table `npm run bench` prints. */
export function interactionTable(results: InteractionResult[]): string {
  return table(
    [
      'Interaction',
      'Page',
      'p75 ms',
      'median',
      'max',
      'input delay',
      'handlers',
      'paint',
      `< ${INTERACTION_TARGET_MS} ms`,
    ],
    results.map((r) => [
      r.name,
      r.path,
      String(r.p75Ms),
      String(r.medianMs),
      String(r.maxMs),
      String(r.p75InputDelayMs),
      String(r.p75ProcessingMs),
      String(r.p75PresentationMs),
      r.pass ? 'yes' : 'NO',
    ]),
  );
}

// `npm run bench:interactions`: the interactions alone, against a fresh production store.
if (import.meta.main) {
  const startedAt = performance.now();
  const log = (message: string) =>
    console.log(`[${((performance.now() - startedAt) / 1000).toFixed(0).padStart(4)}s] ${message}`);
  const tmp = path.join(ROOT, 'bench/.tmp/interactions');
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  buildStore();
  const store = await startStore({
    port: await freePort(),
    dataDir: path.join(tmp, 'data'),
    logFile: path.join(tmp, 'server.log'),
  });
  try {
    const [cookie] = await signUpShoppers(store.origin, path.join(tmp, 'data'), 1);
    const results = await measureInteractions(store.origin, cookie!, log);
    console.log(`\nInteraction to Next Paint, CPU ${CPU_SLOWDOWN}× slower, ${INTERACTION_RUNS} runs each:\n`);
    console.log(interactionTable(results));
  } finally {
    await store.stop();
  }
}
