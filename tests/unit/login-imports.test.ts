import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 14 (/login ≤ 120 KiB gzipped): what the sign-in page runs — the entry (main.tsx, the
 * router, boot) and the login screen — imports, by value, no TanStack Query (the QueryClient is
 * made by `_app`'s beforeLoad, lib/lazy-query-client.ts), no Ark toast store (toast-store.ts loads
 * with the first toast), no form library, no zod and no Dexie. Walks the static value imports
 * (`import type` and `import()` are not followed). Route files are not walked: the router plugin
 * moves their components to their own chunks (routeTree.gen.ts).
 */
const root = path.resolve(__dirname, '../..');
const starts = ['src/main.tsx', 'src/router.tsx', 'src/routes/__root.tsx', 'src/features/auth/login-screen.tsx', 'src/app/boot.ts'];
const forbidden = /^(@tanstack\/(react-query|query-core|react-form|form-core)|@ark-ui\/react|@zag-js\/|zod|dexie)(\/|$)/;
const valueImport = /^\s*(?:import|export)\s+(?!type\b)(?:([^'";]*?)\bfrom\s+)?'([^']+)';/gm;
// The error boundary's reset hook is a React context with a default value: it needs no client and
// brings no query-core (route-error.tsx, the router's default error component).
const harmless = new Set(['@tanstack/react-query { useQueryErrorResetBoundary }']);

function resolve(from: string, spec: string): string | undefined {
  const base = spec.startsWith('@/') ? path.join(root, 'src', spec.slice(2)) : spec.startsWith('.') ? path.resolve(path.dirname(from), spec) : undefined;
  if (!base) return undefined;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')])
    if (existsSync(candidate) && candidate.match(/\.tsx?$/)) return candidate;
  return undefined;
}

function packagesReachedFrom(files: string[]): Map<string, string> {
  const seen = new Set<string>();
  const packages = new Map<string, string>(); // package → the file importing it
  const queue = files.map((f) => path.join(root, f));
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file) || file.endsWith('routeTree.gen.ts')) continue;
    seen.add(file);
    for (const [, clause = '', spec = ''] of readFileSync(file, 'utf8').matchAll(valueImport)) {
      const local = resolve(file, spec);
      if (local) queue.push(local);
      else if (!spec.startsWith('.') && !spec.startsWith('@/') && !harmless.has(`${spec} ${clause.trim()}`) && !packages.has(spec))
        packages.set(spec, path.relative(root, file));
    }
  }
  return packages;
}

describe('/login imports no signed-in-only library', () => {
  const packages = packagesReachedFrom(starts);
  it('walks the real graph (react, the router, Maskito are reached)', () => {
    expect([...packages.keys()]).toEqual(expect.arrayContaining(['react', '@tanstack/react-router', '@maskito/react']));
  });
  it('reaches no TanStack Query, Ark UI, form library, zod or Dexie', () => {
    expect([...packages].filter(([name]) => forbidden.test(name)).map(([name, by]) => `${name} (from ${by})`)).toEqual([]);
  });
});
