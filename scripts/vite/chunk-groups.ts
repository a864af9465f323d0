import path from 'node:path';
import type { Plugin } from 'vite';
import { moduleFile, resolveModules } from './route-preload';

/** One module of the build's graph: its static and dynamic imports (resolved ids). */
export interface GraphModule {
  imports: readonly string[];
  dynamicImports: readonly string[];
}

/**
 * Every module reachable from `roots` (the roots included); `dynamic` also follows `import()`,
 * except into the modules of `stopAt`.
 */
function reach(graph: ReadonlyMap<string, GraphModule>, roots: Iterable<string>, dynamic: boolean, stopAt: ReadonlySet<string> = new Set()): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots].filter((id) => graph.has(id));
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const m = graph.get(id)!;
    const next = dynamic ? [...m.imports, ...m.dynamicImports.filter((d) => !stopAt.has(d))] : m.imports;
    for (const n of next) if (!seen.has(n) && graph.has(n)) stack.push(n);
  }
  return seen;
}

/**
 * The shared chunks of a signed-in start, computed from the module graph:
 * - `core`: what every signed-in screen loads — the `_app` layout route's modules (all its
 *   code-split parts) and `sessionModules` (the offline chunk, session schemas, the QueryClient,
 *   qs, ofetch: what boot and the first API call import), with their static imports;
 * - `listKit`: the list screens' kit (`listKitModules`, e.g. components/layout/list) with the
 *   static imports that only the kit itself imports, minus `core`;
 * - `shared`: the app's own modules (src/, styled-system/) that /login loads when it opens (the
 *   static imports of its route and of `publicModules`) and that signed-in screens load too (the
 *   static imports of the layout, the session and the signed-in routes): the icons, the API error
 *   texts, the worker's registration, CPF/CNPJ formatting, the form and badge styles. They stay
 *   out of `core` because /login loads them, and were one small chunk each, several requests of a
 *   few hundred bytes on both sides. Of the third-party modules, only those that these own modules
 *   import (with their own imports) and /login loads when it opens join them (a library the
 *   barrels of /login merely reach, such as zod's core, is not loaded by /login);
 * - `schemas` (chunk `feature-schemas`): the features' response schemas and status tables (`features/<x>/schema.ts`,
 *   `status.ts`) and the shared reference data (`shared/<x>.ts`: records as relations, select
 *   lookups) written with zod/mini that two or more list screens parse their rows with: a list of
 *   orders parses customers, users, payment methods and document types too, one chunk each before;
 *   one screen's own schema (a document type's) stays with it, or that screen would download every
 *   list's schemas for its own;
 *   The form schemas (classic zod) stay out, so a list never loads classic zod for them;
 * - `ui`: the modules of src/components/ui/ and src/lib/ that two or more list screens (routes
 *   that load the list kit) load statically, outside the other groups and the entry.
 * `core`, `list-kit`, `schemas` and `ui` take no module that a public screen can load (the routes beside
 * `_app` — /login, /reset-password — and `publicModules` such as the service worker's registration,
 * with everything they import, statically or lazily), short of the `sessionModules`: opening /login
 * downloads only what it uses (its budget), and a sign-in attempt loads `core`, the
 * session's code that the signed-in screen runs next (38 KiB gzipped, also after a wrong
 * password; keeping the session modules out of `core` instead costs every signed-in start four
 * more requests).
 * Pure, so it is unit tested. Ids are resolved module ids (`?tsr-split=…` suffixes allowed).
 */
export function sharedChunkModules(
  graph: ReadonlyMap<string, GraphModule>,
  options: {
    routesDir: string;
    sessionModules: readonly string[];
    listKitModules: readonly string[];
    publicModules: readonly string[];
  },
): { core: Set<string>; listKit: Set<string>; shared: Set<string>; schemas: Set<string>; ui: Set<string> } {
  const ids = [...graph.keys()];
  const inRoutes = (id: string) => path.dirname(moduleFile(id)) === options.routesDir;
  const layout = ids.filter((id) => inRoutes(id) && path.basename(moduleFile(id)) === '_app.tsx');
  const publicRoutes = ids.filter((id) => inRoutes(id) && !['_app.tsx', '__root.tsx'].includes(path.basename(moduleFile(id))));
  // What a public screen can load, statically or lazily (a toaster, the worker's registration),
  // up to the session's own lazy modules: /login imports the session schemas only to sign in.
  const publicReach = reach(graph, [...publicRoutes, ...options.publicModules], true, new Set(options.sessionModules));
  const excluded = (id: string) => publicReach.has(id);
  const core = new Set([...reach(graph, [...layout, ...options.sessionModules], false)].filter((id) => !excluded(id)));
  // The kit's own modules only: a module that anything outside the kit imports (an input, a
  // switch the forms use too) stays out, so a form does not download the list kit for it.
  const kit = reach(graph, options.listKitModules, false);
  const importers = new Map<string, string[]>();
  for (const [id, m] of graph) {
    for (const dep of [...m.imports, ...m.dynamicImports]) {
      const list = importers.get(dep);
      if (list) list.push(id);
      else importers.set(dep, [id]);
    }
  }
  const own = (id: string) => options.listKitModules.includes(id) || (importers.get(id) ?? []).every((by) => kit.has(by));
  const listKit = new Set([...kit].filter((id) => !excluded(id) && !core.has(id) && own(id)));
  const loginRoute = publicRoutes.filter((id) => path.basename(moduleFile(id)) === 'login.tsx');
  const loginStart = reach(graph, [...loginRoute, ...options.publicModules], false);
  const ownCode = (id: string) => !/[\\/]node_modules[\\/]/.test(id);
  const signedInRoutes = ids.filter((id) => moduleFile(id).startsWith(path.join(options.routesDir, '_app') + path.sep));
  const signedInReach = reach(graph, [...layout, ...options.sessionModules, ...signedInRoutes], false);
  const sharedOwn = [...signedInReach].filter((id) => ownCode(id) && loginStart.has(id) && !core.has(id) && !listKit.has(id));
  // The libraries that these modules import, which /login's start loads with them (the CPF/CNPJ
  // check digits of the shared formatting: a chunk of its own on every start before), short of
  // what main.tsx's static graph may hold (the entry's). A library that the barrels of /login
  // merely reach, such as zod's core, is imported by no module of `shared` and stays out.
  const entryStatic = reach(
    graph,
    ids.filter((id) => /[\\/]src[\\/]main\.tsx$/.test(moduleFile(id))),
    false,
  );
  const sharedLibImports = sharedOwn.flatMap((id) => (graph.get(id)?.imports ?? []).filter((dep) => !ownCode(dep)));
  const libs = [...reach(graph, sharedLibImports, false)].filter(
    (id) => !ownCode(id) && loginStart.has(id) && !entryStatic.has(id) && !core.has(id) && !listKit.has(id),
  );
  const shared = new Set([...sharedOwn, ...libs]);
  // A module importing classic zod (`zod`, not `zod/mini`) is a form's: it stays out of `schemas`.
  const classicZod = (dep: string) => /[\\/]node_modules[\\/]zod[\\/]/.test(dep) && !/[\\/]zod[\\/](v4[\\/])?mini[\\/]/.test(dep);
  const zodMini = (id: string) => !(graph.get(id)?.imports ?? []).some(classicZod);
  const featureSchema = (id: string) => /[\\/]src[\\/]features[\\/][^\\/]+[\\/](schema|status)\.ts$/.test(id) && zodMini(id);
  // A shared module with zod/mini schemas (records as relations, a lookup's rows) joins them when a list screen loads
  // it; the forms that only use a shared lookup (the states of an address) do not download every list's schemas
  // for it, nor for the lookup helper their lookup shares with a list's.
  const zodMiniDep = (dep: string) => /[\\/]node_modules[\\/]zod[\\/](v4[\\/])?mini[\\/]/.test(dep);
  const sharedSchema = (id: string) =>
    /[\\/]src[\\/]shared[\\/][^\\/]+\.ts$/.test(id) && zodMini(id) && (graph.get(id)?.imports ?? []).some(zodMiniDep) && listScreens.some((r) => r.has(id));
  const routeModules = ids.filter((id) => inRoutes(id) || signedInRoutes.includes(id));
  const listScreens = routeModules.map((id) => reach(graph, [id], false)).filter((r) => [...listKit].some((k) => r.has(k)));
  // A schema joins when two or more list screens parse with it: one screen's own schema (a document type's, the
  // profile's) stays with that screen, which would otherwise download every list's schemas for it.
  const loadedByLists = (id: string) => listScreens.filter((r) => r.has(id)).length >= 2;
  const schemas = new Set(
    ids.filter((id) => (featureSchema(id) || sharedSchema(id)) && loadedByLists(id) && !excluded(id) && !core.has(id) && !listKit.has(id) && !shared.has(id)),
  );
  // `ui`: the small UI and helper modules (src/components/ui/, src/lib/) that two or more list
  // screens load and that forms load too (the input, the switch, the formatters, the Strapi
  // filter builders): in `list-kit` they would make every form download the kit; alone, each was
  // one more request of a few hundred bytes on a list's start.
  const uiModule = (id: string) => /[\\/]src[\\/](components[\\/]ui|lib)[\\/]/.test(id);
  const grouped = (id: string) => entryStatic.has(id) || excluded(id) || core.has(id) || listKit.has(id) || shared.has(id) || schemas.has(id);
  const ui = new Set(ids.filter((id) => uiModule(id) && !grouped(id) && listScreens.filter((r) => r.has(id)).length >= 2));
  return { core, listKit, shared, schemas, ui };
}

/**
 * rolldown's `codeSplitting.groups` for the shared chunks of a signed-in start, and the plugin
 * that computes their modules from the finished module graph (`buildEnd`, before chunking).
 *
 * Why: a signed-in cold start of /sales-orders fetched 42 scripts, most of them a few
 * hundred bytes of code under ~1.2 KB of response headers, six at a time over HTTP/1.1; every
 * signed-in screen loads the 18 chunks of the layout and the session anyway, and every list its
 * six chunks of the list kit. One chunk for each costs no screen a byte it did not load before;
 * `shared` and `schemas` cost a screen that needs only part of them a few KiB (4 and 5 KiB gzipped
 * in all) for one request instead of several, `ui` less than 1 KiB (a form that has no use for
 * the filter builders). `shared`'s libraries and `ui` took a signed-in /sales-orders from 14
 * preloaded chunks to 8 (docs/decisions.md).
 * The groups do not pull in the dependencies of their modules (`includeDependenciesRecursively:
 * false`), so a module that /login also uses stays in its own chunk and /login never loads them.
 * `sessionModules` may name packages (`'ofetch'`): the build resolves them (resolveModules).
 */
export function sharedChunks(options: Parameters<typeof sharedChunkModules>[1]) {
  let sets: ReturnType<typeof sharedChunkModules> | undefined;
  // Only the app's build reads the graph; another build with these options (none today) groups nothing.
  const has = (name: 'core' | 'listKit' | 'shared' | 'schemas' | 'ui') => (id: string) => sets?.[name].has(id) ?? false;
  const plugin: Plugin = {
    name: 'balcao:shared-chunks',
    apply: 'build',
    async buildEnd(error) {
      if (error) return;
      const sessionModules = await resolveModules(this, options.sessionModules);
      const graph = new Map<string, GraphModule>();
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        if (info) graph.set(id, { imports: info.importedIds, dynamicImports: info.dynamicallyImportedIds });
      }
      sets = sharedChunkModules(graph, { ...options, sessionModules });
      if (!sets.core.size || !sets.listKit.size)
        throw new Error('balcao:shared-chunks: no module for the core or list-kit chunk; check the options in vite.config.ts');
    },
  };
  const groups = [
    { name: 'core', test: has('core'), includeDependenciesRecursively: false },
    { name: 'list-kit', test: has('listKit'), includeDependenciesRecursively: false },
    { name: 'shared', test: has('shared'), includeDependenciesRecursively: false },
    { name: 'feature-schemas', test: has('schemas'), includeDependenciesRecursively: false },
    { name: 'ui', test: has('ui'), includeDependenciesRecursively: false },
  ];
  return { plugin, groups };
}
