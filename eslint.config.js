import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The server's domains (the folders of src/server), lowest first (docs/architecture.md "Layout",
// ADR 0040). A domain's modules may import the domains listed before it, never one listed after
// it, so no two domains import each other. Every domain may also import the neutral top-level
// modules beside them (config.ts, errors.ts, logger.ts, metrics.ts, with-timeout.ts, app-context.ts);
// the composition roots (app.ts, boot.ts, main.ts, dev.ts, store-jobs.ts) import any domain and are
// imported by none. A new domain takes its place here; a helper that two domains need goes to
// shared/ (or the lower of the two), not into the folder of one of them.
const SERVER_DOMAINS = [
  // What everything stands on: the schema, the neutral helpers (rate limits, the audit log, client
  // addresses, caches), mail, the job queue, stored files.
  'db',
  'shared',
  'mail',
  'jobs',
  'storage',
  // The store's parts, each on its own.
  'inventory',
  // A drop's rules (on sale from its minute, limits per shopper), read by the cart, catalog and checkout.
  'drops',
  // 'Notify me': who waits for a drop or a sold-out size, their links and emails; staff's counts.
  'notify',
  'payments',
  'profiles',
  'shopper-marks',
  'invoices',
  'cart',
  'catalog',
  'coupons',
  'addresses',
  // The courier provider (Shiprocket or by hand), its sandbox, the zones and what it promises a pincode.
  'shipping',
  'delivery',
  'likes',
  'reviews',
  // A shopper's store credit (ADR 0048): below orders and checkout, which give and spend it.
  'store-credit',
  // What combines them: an order is made of stock, invoices, payments and coupons; enquiries become
  // orders; checkout places orders; the back office manages them all; an account's data and its
  // deletion reach every part a shopper has touched.
  'orders',
  // A courier parcel's life: booked, labelled, picked up, tracked, failed, returned (it moves orders).
  'courier',
  'enquiries',
  'checkout',
  'admin',
  // The back office's reports (the dashboard): reads over every part, writes nothing.
  'reports',
  'auth',
  // The request pipeline's middleware, used by app.ts alone.
  'http',
];
const COMPOSITION_ROOTS = ['app', 'boot', 'main', 'dev', 'store-jobs'];
const SERVER_IMPORTS_NO_WEB = {
  group: ['**/web/**'],
  message:
    'The server never imports the web app: move what both need to src/server or src/common (docs/architecture.md "Layout", ADR 0040).',
};

export default tseslint.config(
  {
    ignores: [
      'build/',
      'data/',
      '.tmp/',
      'bench/.tmp/',
      '.react-router/',
      'node_modules/',
      'public/',
      'test-results/',
      'playwright-report/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // `import { type X }` still loads the module (verbatimModuleSyntax keeps the statement): for a
      // server module, that would pull server code into the browser bundle (ADR 0017).
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },
  {
    files: ['src/web/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // A labelled region that scrolls (a wide table on a phone) must be reachable by keyboard.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['tabpanel', 'region'] }],
    },
  },
  {
    // The browser/server line (ADR 0017): outside *.server.ts modules, the web app may name server
    // code only in types; React Router keeps *.server.ts modules out of the browser bundle.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/**/*.server.ts', 'src/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**'],
              allowTypeImports: true,
              message:
                "Reach server code through a *.server.ts module (the route's server half); elsewhere import server types only, with `import type` (ADR 0017).",
            },
          ],
        },
      ],
    },
  },
  {
    // Shared by both sides, so it depends on neither (ADR 0017).
    files: ['src/common/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/web/**', '**/*.server.ts'],
              message: 'src/common is imported by the server and the browser and imports from neither (ADR 0017).',
            },
          ],
        },
      ],
    },
  },
  {
    // Only the configuration module reads the environment (ADR 0001).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/config.ts', 'src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through src/server/config.ts.' },
      ],
    },
  },
  {
    // The server never imports the web app (it serves the web app's build, which reaches server code
    // through *.server.ts modules, ADR 0019).
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER_IMPORTS_NO_WEB] }] },
  },
  // The domain order above, one block per domain: its modules may not import a later domain or a
  // composition root. Tests are left out: a test may set up its data through any domain.
  ...SERVER_DOMAINS.map((domain, index) => ({
    files: [`src/server/${domain}/**/*.ts`],
    ignores: ['src/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: COMPOSITION_ROOTS.flatMap((root) => [`../${root}.ts`, `../../${root}.ts`]),
              message: `server/${domain} may not import a composition root (${COMPOSITION_ROOTS.join(', ')}): take what it needs as a parameter (ADR 0040).`,
            },
            ...SERVER_DOMAINS.slice(index + 1).map((later) => ({
              group: [`../${later}/*`, `../../${later}/*`],
              message: `server/${domain} may not import server/${later}, which comes after it in SERVER_DOMAINS (eslint.config.js; docs/architecture.md "Layout", ADR 0040): move what both need to server/shared or the lower domain, or pass it in from the composition root.`,
            })),
          ],
        },
      ],
    },
  })),
  {
    // Pages reach the database only through server services, never by querying it themselves
    // (docs/architecture.md "Layout", ADR 0040). Tests may read what the database holds.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'drizzle-orm',
              message:
                'src/web does not query the database: add a function to the server service that owns the table and call it from the *.server.ts module (ADR 0040).',
            },
          ],
          patterns: [
            {
              group: ['drizzle-orm/*'],
              message:
                'src/web does not query the database: add a function to the server service that owns the table and call it from the *.server.ts module (ADR 0040).',
            },
          ],
        },
      ],
    },
  },
);
