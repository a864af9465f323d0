// ESLint for the PWA. The server has its own config in server/.
// The arrows of docs/frontend.md are rules here, as bulletproof-react's .eslintrc does:
//   routes → app → features → shared → lib/components/theme; features never import each other
//   (what two of them need lives in src/shared/); no import cycles; kebab-case files.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * What src/app reads of a feature: its declaration (resource.ts, found by a glob too), its data
 * layer (api.ts), its query keys and outbox kinds without its API code (keys.ts) and what
 * the offline outbox does with its queued writes (outbox.ts). Routes also take its screens.
 */
const PUBLIC_FILES = ['resource.ts', 'api.ts', 'keys.ts', 'outbox.ts'];
const publicList = PUBLIC_FILES.join(', ');
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** One zone per feature: every other feature is off limits, so no two features can import each other. */
const featureZones = features.map((name) => ({
  target: `./src/features/${name}`,
  from: './src/features',
  except: [`./${name}`],
  message: `A feature never imports another feature: what two features need of one resource (its record as a relation, its select options, its status labels and transitions) lives in src/shared/. A feature's public files (${publicList}, and its screens) are for src/app and src/routes.`,
}));

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'bench-results/**',
      'dist-*/**',
      'styled-system/**',
      'server/**',
      'node_modules/**',
      'src/routeTree.gen.ts',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { plugins: { 'import-x': importX, 'react-hooks': reactHooks, 'check-file': checkFile } },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // `typeof import('qs')` types a lazily loaded module (lib/api/client.ts).
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // lib/, components/ and theme/ are the bottom layer: they never reach up.
            ...['lib', 'components', 'theme'].map((layer) => ({
              target: `./src/${layer}`,
              from: ['./src/features', './src/routes', './src/app', './src/shared'],
              message: 'lib/, components/ and theme/ never import shared/, features, app/ or routes.',
            })),
            // shared/ (reference data two features need) sits under the features.
            {
              target: './src/shared',
              from: ['./src/features', './src/routes', './src/app'],
              message: 'src/shared/ never imports features, app/ or routes: it is what they share.',
            },
            // Features never import app/ (route table, menu) or route files.
            { target: './src/features', from: ['./src/routes', './src/app'], message: 'Features never import app/ or routes.' },
            // app/ reads features' public files only.
            {
              target: './src/app',
              from: './src/features',
              except: features.flatMap((o) => PUBLIC_FILES.map((f) => `./${o}/${f}`)),
              message: `app/ reads a feature only through its public files: ${publicList}.`,
            },
            // Nothing imports a route file except the generated tree (router.tsx imports that).
            { target: './src/!(routes)/**', from: './src/routes/**', message: 'Never import a route file.' },
            ...featureZones,
          ],
        },
      ],
    },
  },
  {
    // Files kebab-case (docs/frontend.md "Names and words"); route files follow TanStack's file-routing names.
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}', 'scripts/**/*.{ts,mjs,js}'],
    ignores: ['src/routes/**'],
    rules: {
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { 'src/**/': 'KEBAB_CASE', 'tests/**/': 'KEBAB_CASE' }],
    },
  },
  {
    // No source file over 300 lines (docs/decisions.md): a module that grows past it is split by concern.
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts', 'scripts/**/*.{ts,mjs,js}'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // No promise left unawaited (type-aware, TypeScript's project service: tsconfig.json, sw/tsconfig.json,
    // and a default project for the JavaScript files). `void` marks a deliberate fire-and-forget.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['scripts/*.mjs', 'scripts/lib/*.mjs', 'src/lib/vendor/*.cjs', 'public/*.js', '*.js', '*.cjs'],
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 30,
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
