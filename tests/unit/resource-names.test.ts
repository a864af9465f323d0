import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '@/app/resources';
import type { Resource } from '@/lib/resources';
import { root } from './helpers/import-graph';

/**
 * Each fact in one place: a resource's names — its API path ('/states'), its routes ('/states',
 * '/state/$id') and its label ('Estados') — may be listed together with other resources' names
 * only in generated code, never in a list kept by hand (an array or object literal of the PWA's
 * source, the service worker, index.html's scripts or the build scripts that names two resources
 * or more). Such lists drift: the worker cached states as a lookup while only two register screens
 * dropped the cache after a write. What needs every resource reads the declarations
 * (src/app/resources.ts, scripts/vite/resource-maps.ts).
 */

/**
 * The one list allowed: the pages the Lighthouse benchmark measures (scripts/bench-lighthouse.mjs
 * PAGES) are the screens docs/performance.md's targets name, a choice of the benchmark, not a fact of the
 * resources.
 */
const ALLOWED = new Set([path.join('scripts', 'bench-lighthouse.mjs')]);

/** Hand-written files: the PWA's source (its declarations and the generated route tree aside), the worker, the build scripts. */
function sourceFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((d) => {
      const rel = path.join(dir, d.name);
      if (d.isDirectory()) return walk(rel);
      return /\.(ts|tsx|mjs|js)$/.test(d.name) ? [rel] : [];
    });
  return [...walk('src'), ...walk('sw'), ...walk('scripts')].filter(
    (f) => !/^src[\\/]features[\\/][^\\/]+[\\/]resource\.ts$/.test(f) && !f.endsWith('routeTree.gen.ts') && !f.includes(`lib${path.sep}vendor`),
  );
}

/** The names a resource goes by: its API path (unless another resource shares it), its routes and list route, its label. */
function namesOf(resource: Resource): string[] {
  const ownPath = RESOURCES.filter((r) => r.path === resource.path).length === 1 ? resource.path : undefined;
  return [ownPath, resource.list?.route, ...Object.keys(resource.routes ?? {}), resource.label].filter((n): n is string => Boolean(n));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A literal's text names `name`: the text itself, or a URL or pattern of that path ('/api/states?…', '^\/api\/states\/?$'). */
function literalNames(text: string, name: string): boolean {
  const plain = text.replace(/\\/g, '');
  if (plain === name) return true;
  return name.startsWith('/') && new RegExp(`(^|\\^|/api)${escape(name)}(?![\\w-])`).test(plain);
}

interface Finding {
  file: string;
  line: number;
  resources: string[];
}

/** The array and object literals of `code` that name two resources or more (the innermost ones). */
function listsNamingResources(file: string, code: string, kind: ts.ScriptKind): Finding[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, kind);
  const found: Array<{ node: ts.Node; resources: Set<string> }> = [];
  const named = (node: ts.Node): Set<string> => {
    const out = new Set<string>();
    const visit = (n: ts.Node) => {
      if (ts.isStringLiteralLike(n) || ts.isRegularExpressionLiteral(n) || ts.isTemplateHead(n) || ts.isTemplateMiddle(n) || ts.isTemplateTail(n)) {
        for (const r of RESOURCES) if (namesOf(r).some((name) => literalNames(n.text, name))) out.add(r.label);
      }
      ts.forEachChild(n, visit);
    };
    visit(node);
    return out;
  };
  const visit = (node: ts.Node) => {
    if (ts.isArrayLiteralExpression(node) || ts.isObjectLiteralExpression(node)) {
      const resources = named(node);
      if (resources.size >= 2) found.push({ node, resources });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const innermost = found.filter((f) => !found.some((o) => o !== f && o.node.pos >= f.node.pos && o.node.end <= f.node.end));
  return innermost.map((f) => ({ file, line: source.getLineAndCharacterOfPosition(f.node.getStart()).line + 1, resources: [...f.resources].sort() }));
}

function findings(): Finding[] {
  const out: Finding[] = [];
  for (const file of sourceFiles()) {
    const code = readFileSync(path.join(root, file), 'utf8');
    out.push(...listsNamingResources(file, code, file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS));
  }
  const html = readFileSync(path.join(root, 'index.html'), 'utf8');
  for (const [, script = ''] of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) out.push(...listsNamingResources('index.html', script, ts.ScriptKind.JS));
  return out.filter((f) => !ALLOWED.has(f.file));
}

describe('resource names in hand-written lists', () => {
  it('finds such a list (the check can fail)', () => {
    const drifted =
      "const LOOKUP_PATHS = [/^\\/api\\/states\\/?$/, /^\\/api\\/vehicle-types\\/?$/];\nconst titles = { '/states': 'Estados', '/customers': 'Clientes' };";
    expect(listsNamingResources('sw.ts', drifted, ts.ScriptKind.TS)).toEqual([
      { file: 'sw.ts', line: 1, resources: ['Estados', 'Tipos de Veículo'] },
      { file: 'sw.ts', line: 2, resources: ['Clientes', 'Estados'] },
    ]);
  });

  // Parses every source file with TypeScript: ~4 s alone, more beside a build.
  it('no file outside the declarations lists two resources by name', { timeout: 60_000 }, () => {
    expect(findings()).toEqual([]);
  });
});
