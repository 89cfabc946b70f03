import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
);
