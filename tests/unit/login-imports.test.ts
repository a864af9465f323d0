import { describe, expect, it } from 'vitest';
import { importGraph } from './helpers/import-graph';

/**
 * /login ≤ 120 KiB gzipped (docs/performance.md): what the sign-in page runs — the entry (main.tsx, the
 * router, boot) and the login screen — imports, by value, no TanStack Query (the QueryClient is
 * made by `_app`'s beforeLoad, lib/lazy-query-client.ts), no Ark toast store (toast-store.ts loads
 * with the first toast), no form library, no zod and no Dexie. Walks the static value imports
 * (`import type` and `import()` are not followed). Route files are not walked: the router plugin
 * moves their components to their own chunks (routeTree.gen.ts).
 */
const starts = ['src/main.tsx', 'src/router.tsx', 'src/routes/__root.tsx', 'src/features/auth/login-screen.tsx', 'src/app/boot.ts'];
const forbidden = /^(@tanstack\/(react-query|query-core|react-form|form-core)|@ark-ui\/react|@zag-js\/|zod|dexie)(\/|$)/;
// The error boundary's reset hook is a React context with a default value: it needs no client and
// brings no query-core (route-error.tsx, the router's default error component).
const harmless = new Set(['@tanstack/react-query { useQueryErrorResetBoundary }']);

describe('/login imports no signed-in-only library', () => {
  const { packages } = importGraph(starts, harmless);
  it('walks the real graph (react, the router, Maskito are reached)', () => {
    expect([...packages.keys()]).toEqual(expect.arrayContaining(['react', '@tanstack/react-router', '@maskito/react']));
  });
  it('reaches no TanStack Query, Ark UI, form library, zod or Dexie', () => {
    expect([...packages].filter(([name]) => forbidden.test(name)).map(([name, by]) => `${name} (from ${by})`)).toEqual([]);
  });
});
