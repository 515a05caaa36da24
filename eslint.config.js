import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { serverFeatureZones } from './apps/server/feature-order.mjs';

const noServerCode = {
  group: ['**/apps/server/**', '@glimpse/server', '@glimpse/server/*'],
  message: 'The web app must not import server code: share through @glimpse/contract.',
};

const noOtherRepository = {
  group: ['../*/*.repository.ts', '../*/*.repository'],
  message: "Go through the other feature's service, not its repository.",
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [noServerCode] }],
      // The web house: app/ composes features and sits on top; ui/, lib/ and i18n/ sit below.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'A feature never imports app/: put shared shell state in ui/ or lib/.',
            },
            {
              target: ['./apps/web/src/ui', './apps/web/src/lib', './apps/web/src/i18n'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'ui/, lib/ and i18n/ sit below the features and app/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noServerCode,
            {
              regex: String.raw`^\.\./[^./][^/]*/(?!index\.ts$)`,
              message: 'Use another feature only through its index.ts (its public face).',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests are composition roots like app/: they may render a screen inside its shell.
    files: ['apps/web/src/features/**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    files: ['apps/server/src/features/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noOtherRepository] }],
    },
  },
  {
    // The server house: features in a declared order (apps/server/feature-order.mjs), each used
    // by the others only through its index.ts; platform/ and db/ below them all. Tests and their
    // helpers are composition roots and may reach further.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/test/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: serverFeatureZones() },
      ],
    },
  },
  {
    // A public face shows its own feature: it never re-exports another one.
    files: ['apps/server/src/features/*/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noOtherRepository,
            {
              regex: String.raw`^\.\./[^./]`,
              message: "A feature's index.ts exports only its own feature's files.",
            },
          ],
        },
      ],
    },
  },
);
