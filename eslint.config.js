// ESLint for the PWA (issue 9 item 1). The server has its own config in server/.
// The arrows of docs/frontend.md are rules here, as bulletproof-react's .eslintrc does:
//   routes → app → features → lib/components/theme; a feature reaches another feature only
//   through its public files (api.ts, schema.ts, resource.ts); no import cycles; kebab-case files.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** A feature's public surface: what other features (and app/, routes/) may import. */
// keys.ts: a feature's query keys and outbox kinds without its API code (src/app/offline.ts, issue 14).
// outbox.ts: what the offline outbox (app/offline.ts) does with a feature's queued writes.
const PUBLIC_FILES = ['api.ts', 'schema.ts', 'resource.ts', 'keys.ts', 'outbox.ts'];
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** One zone per feature: every other feature is off limits except its public files. */
const featureZones = features.map((name) => ({
  target: `./src/features/${name}`,
  from: './src/features',
  except: [`./${name}`, ...features.filter((o) => o !== name).flatMap((o) => PUBLIC_FILES.map((f) => `./${o}/${f}`))],
  message: 'A feature imports another feature only through its api.ts, schema.ts or resource.ts.',
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
              from: ['./src/features', './src/routes', './src/app'],
              message: 'lib/, components/ and theme/ never import features, app/ or routes.',
            })),
            // Features never import app/ (route table, menu) or route files.
            { target: './src/features', from: ['./src/routes', './src/app'], message: 'Features never import app/ or routes.' },
            // app/ reads features' public files only.
            {
              target: './src/app',
              from: './src/features',
              except: features.flatMap((o) => PUBLIC_FILES.map((f) => `./${o}/${f}`)),
              message: 'app/ reads a feature only through its api.ts, schema.ts, resource.ts, keys.ts or outbox.ts.',
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
    // Files kebab-case (STYLE.md "Names and words"); route files follow TanStack's file-routing names.
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}', 'scripts/**/*.{ts,mjs,js}'],
    ignores: ['src/routes/**'],
    rules: {
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { 'src/**/': 'KEBAB_CASE', 'tests/**/': 'KEBAB_CASE' }],
    },
  },
  {
    // No source file over 300 lines (docs/decisions.md): a module that grows past it is split by concern.
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
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
