// ESLint for the API, run by `npm run lint` here and by the root `npm test`.
// It uses the repository's lint tooling (installed at the root; Node resolves it from there).
// Boundaries: one API folder never imports another (shared rules live in src/utils/); no import
// cycles; kebab-case files (Strapi's numbered router files such as 01-custom.ts included); no
// source file in src/ over 300 lines.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const apis = readdirSync(new URL('./src/api', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** One zone per API: the other API folders are off limits. */
const apiZones = apis.map((name) => ({
  target: `./src/api/${name}`,
  from: './src/api',
  except: [`./${name}`],
  message: 'An API folder never imports another one: move the shared rule to src/utils/.',
}));

export default tseslint.config(
  { ignores: ['dist/**', 'build/**', '.tmp/**', '.cache/**', 'node_modules/**', 'public/**', 'types/generated/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { plugins: { 'import-x': importX, 'check-file': checkFile } },
  {
    files: ['**/*.{ts,js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // server/src uses Strapi's types (Core.Strapi, UID, Core.Plugin), Koa's context (utils/types.ts
      // AppContext) and `unknown` + narrowing instead of `any`: no new `any` there.
      // Tests, scripts and benches read arbitrary JSON answers: `any` stays allowed there.
      '@typescript-eslint/no-explicit-any': 'off',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/no-restricted-paths': ['error', { zones: apiZones }],
    },
  },
  {
    files: ['src/**/*.{ts,js}', 'tests/**/*.ts', 'config/**/*.ts', 'scripts/**/*.{js,mjs,ts}', 'bench/**/*.{js,mjs}'],
    rules: {
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,js,mjs}': '+([a-z0-9])*(-+([a-z0-9]))' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { 'src/**/': 'KEBAB_CASE', 'tests/**/': 'KEBAB_CASE' }],
    },
  },
  {
    // No source file over 300 lines (docs/decisions.md): a module that grows past it is split by concern.
    files: ['src/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'error', 'max-lines': ['error', { max: 300 }] },
  },
  {
    files: ['scripts/**/*.{js,mjs,ts}', 'bench/**/*.{js,mjs}', 'database/**/*.js'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    // No promise left unawaited (a rejection nobody handles stops Node): type-aware, on every file
    // (tsconfig.eslint.json: the build's tsconfig plus tests, scripts and benches). `void` is no
    // handling here: a deliberate fire-and-forget ends in a `.catch` that logs.
    files: ['**/*.{ts,js,mjs,cjs}'],
    languageOptions: { parserOptions: { project: './tsconfig.eslint.json', tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: false }],
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['**/*.{js,cjs}'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
