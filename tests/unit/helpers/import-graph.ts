import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The repository root (paths below are relative to it). */
export const root = path.resolve(__dirname, '../../..');

const valueImport = /^\s*(?:import|export)\s+(?!type\b)(?:([^'";]*?)\bfrom\s+)?'([^']+)';/gm;

function resolve(from: string, spec: string): string | undefined {
  const base = spec.startsWith('@/') ? path.join(root, 'src', spec.slice(2)) : spec.startsWith('.') ? path.resolve(path.dirname(from), spec) : undefined;
  if (!base) return undefined;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')])
    if (existsSync(candidate) && candidate.match(/\.tsx?$/)) return candidate;
  return undefined;
}

/**
 * For the first-load guards (docs/performance.md): walks the static value imports of `files` (paths from the repository root;
 * `import type` and `import()` are not followed, nor routeTree.gen.ts, whose route components the
 * router plugin splits into their own chunks) and returns the packages reached, each with the
 * first file (relative path) importing it, and the local modules reached. `harmless`:
 * `'<package> <import clause>'` entries to skip (an import known not to bring the package's code).
 */
export function importGraph(files: string[], harmless: ReadonlySet<string> = new Set()): { packages: Map<string, string>; modules: Set<string> } {
  const seen = new Set<string>();
  const packages = new Map<string, string>();
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
  return { packages, modules: new Set([...seen].map((f) => path.relative(root, f))) };
}
