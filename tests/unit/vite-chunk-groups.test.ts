import { describe, expect, it } from 'vitest';
import { sharedChunkModules, sharedChunks, type GraphModule } from '../../scripts/vite/chunk-groups';
import { handlerOf } from './helpers/vite-hooks';

/**
 * A signed-in start loads what every signed-in screen needs as one `core` chunk and the list kit
 * as one `list-kit` chunk (scripts/vite/chunk-groups.ts), never taking a module that /login or
 * /reset-password can load, so the public screens download no more.
 */
describe('shared chunks of a signed-in start', () => {
  const R = '/app/src/routes';
  const m = (imports: string[] = [], dynamicImports: string[] = []): GraphModule => ({ imports, dynamicImports });
  const graph = new Map<string, GraphModule>([
    // main.tsx's own graph holds list-search and the router's barrel (the entry's)
    [
      '/app/src/main.tsx',
      m(['/app/src/router.tsx', '/app/src/lib/list-search.ts', '/app/node_modules/router/index.js'], ['/app/src/lib/update.ts', '/app/src/app/offline.ts']),
    ],
    ['/app/src/router.tsx', m([`${R}/_app.tsx`, `${R}/login.tsx`, `${R}/_app/orders.tsx`, `${R}/_app/index.tsx`])],
    [`${R}/_app.tsx`, m([], [`${R}/_app.tsx?tsr-split=component`])],
    [`${R}/_app.tsx?tsr-split=component`, m(['/app/src/menu.tsx', '/app/src/icons.tsx'])],
    ['/app/src/menu.tsx', m(['/nm/query/index.js', '/app/node_modules/store/index.js'])],
    ['/nm/query/index.js', m()],
    ['/app/src/icons.tsx', m()],
    [`${R}/login.tsx`, m([], [`${R}/login.tsx?tsr-split=component`])],
    [
      `${R}/login.tsx?tsr-split=component`,
      m(
        [
          '/app/src/icons.tsx',
          '/app/src/toast.tsx',
          '/app/node_modules/store/index.js',
          '/app/src/login-form.tsx',
          '/app/src/document.ts',
          '/app/src/features/auth/schema.ts',
          '/app/src/cpf.ts',
        ],
        ['/app/src/session-schemas.ts'],
      ),
    ],
    ['/app/src/document.ts', m()],
    ['/app/src/features/auth/schema.ts', m(['/app/node_modules/zod/mini/index.js'])],
    ['/app/src/login-form.tsx', m()],
    ['/app/node_modules/store/index.js', m()],
    ['/app/src/toast.tsx', m([], ['/app/src/toaster.tsx'])],
    ['/app/src/toaster.tsx', m(['/app/src/dialog-kit.ts'])],
    ['/app/src/dialog-kit.ts', m()],
    ['/app/src/session-schemas.ts', m(['/nm/zod.js'])],
    ['/nm/zod.js', m()],
    ['/app/src/lib/update.ts', m(['/app/src/locks.ts'])],
    ['/app/src/locks.ts', m()],
    ['/app/src/app/offline.ts', m(['/app/src/locks.ts', '/app/src/outbox-peek.ts', '/app/src/toast.tsx'])],
    ['/app/src/outbox-peek.ts', m()],
    [`${R}/_app/orders.tsx`, m([], [`${R}/_app/orders.tsx?tsr-split=component`])],
    // the orders list also formats CPFs, uses the formatters, a switch and a helper of its own
    [
      `${R}/_app/orders.tsx?tsr-split=component`,
      m([
        '/app/src/list/index.ts',
        '/app/src/orders-api.ts',
        '/app/src/document.ts',
        '/app/src/cpf.ts',
        '/app/src/lib/format.ts',
        '/app/src/components/ui/switch.tsx',
        '/app/src/lib/orders-only.ts',
        '/app/src/lib/list-search.ts',
        '/app/src/shared/lookup.ts',
      ]),
    ],
    ['/app/src/list/index.ts', m(['/nm/table.js', '/nm/query/index.js', '/app/src/dialog-kit.ts', '/app/src/input.tsx'])],
    ['/nm/table.js', m(['/nm/table-core.js'])],
    ['/nm/table-core.js', m()],
    ['/app/src/input.tsx', m()],
    // the profile form uses the switch too
    [`${R}/_app/profile.tsx`, m(['/app/src/input.tsx', '/app/src/components/ui/switch.tsx', '/app/src/shared/states.ts'])],
    // a shared lookup only a form loads (the address's states), and the lookup helper it shares with a list's lookup
    ['/app/src/shared/states.ts', m(['/app/node_modules/zod/mini/index.js', '/app/src/shared/lookup.ts'])],
    ['/app/src/shared/lookup.ts', m(['/nm/query/index.js'])],
    ['/app/src/orders-api.ts', m(['/app/src/features/orders/schema.ts', '/app/src/features/orders/status.ts'])],
    ['/app/src/features/orders/schema.ts', m(['/app/node_modules/zod/mini/index.js', '/app/src/features/users/schema.ts', '/app/src/shared/customers.ts'])],
    ['/app/src/shared/customers.ts', m(['/app/node_modules/zod/mini/index.js'])],
    ['/app/src/features/orders/status.ts', m()],
    ['/app/src/features/users/schema.ts', m(['/app/node_modules/zod/mini/index.js'])],
    ['/app/src/features/users/form-schema.ts', m(['/app/node_modules/zod/index.js'])],
    ['/app/src/features/states/schema.ts', m(['/app/node_modules/zod/index.js'])],
    ['/app/node_modules/zod/mini/index.js', m()],
    ['/app/node_modules/zod/index.js', m()],
    [`${R}/_app/index.tsx`, m()],
    // a shared module's library that /login loads with it; another list screen and the libraries a barrel re-exports
    ['/app/src/cpf.ts', m(['/app/node_modules/check-digits/index.js'])],
    ['/app/node_modules/check-digits/index.js', m(['/app/node_modules/check-digits/mod11.js'])],
    ['/app/node_modules/check-digits/mod11.js', m()],
    [`${R}/_app/customers.tsx`, m([], [`${R}/_app/customers.tsx?tsr-split=component`])],
    [`${R}/_app/customers.tsx?tsr-split=component`, m(['/app/src/list/index.ts', '/app/src/lib/format.ts', '/app/src/components/ui/switch.tsx'])],
    ['/app/src/lib/format.ts', m()],
    ['/app/src/components/ui/switch.tsx', m()],
    ['/app/src/lib/orders-only.ts', m()],
    ['/app/src/lib/list-search.ts', m()],
    ['/app/node_modules/router/index.js', m(['/app/node_modules/router/useRouterState.js'])],
    ['/app/node_modules/router/useRouterState.js', m()],
    ['/app/node_modules/zod/mini/coerce.js', m()],
    // a second list that parses orders too, with a schema of its own that no other list loads
    [`${R}/_app/receivables.tsx`, m([], [`${R}/_app/receivables.tsx?tsr-split=component`])],
    [`${R}/_app/receivables.tsx?tsr-split=component`, m(['/app/src/list/index.ts', '/app/src/orders-api.ts', '/app/src/features/receivables/schema.ts'])],
    ['/app/src/features/receivables/schema.ts', m(['/app/node_modules/zod/mini/index.js'])],
  ]);
  const sets = sharedChunkModules(graph, {
    routesDir: R,
    sessionModules: ['/app/src/app/offline.ts', '/app/src/session-schemas.ts'],
    listKitModules: ['/app/src/list/index.ts'],
    publicModules: ['/app/src/lib/update.ts'],
  });

  it("puts the layout's and the session's modules with their static imports in core", () => {
    expect([...sets.core].sort()).toEqual(
      [
        `${R}/_app.tsx`,
        `${R}/_app.tsx?tsr-split=component`,
        '/app/src/menu.tsx',
        '/nm/query/index.js',
        '/app/src/app/offline.ts',
        '/app/src/outbox-peek.ts',
        '/app/src/session-schemas.ts',
        '/nm/zod.js',
      ].sort(),
    );
  });

  it('leaves out what a public screen loads, statically or lazily, but not the session modules a sign-in loads', () => {
    // icons: /login's static import; toast, toaster, dialog kit: /login's lazy toaster; locks: the worker's registration.
    for (const id of ['/app/src/icons.tsx', '/app/src/toast.tsx', '/app/src/toaster.tsx', '/app/src/dialog-kit.ts', '/app/src/locks.ts']) {
      expect(sets.core.has(id), id).toBe(false);
      expect(sets.listKit.has(id), id).toBe(false);
    }
    expect(sets.core.has('/app/src/session-schemas.ts')).toBe(true);
  });

  it('puts in shared the own modules that /login loads when it opens and signed-in screens load too, and nothing else', () => {
    // icons: both routes import it; toast: /login and the offline chunk; locks: the worker's registration and the
    // offline chunk; document: /login and the orders screen.
    expect([...sets.shared].sort()).toEqual(
      [
        '/app/src/document.ts',
        '/app/src/icons.tsx',
        '/app/src/locks.ts',
        '/app/src/toast.tsx',
        '/app/src/cpf.ts',
        // the library cpf.ts imports, with its own import: /login loads them when it opens
        '/app/node_modules/check-digits/index.js',
        '/app/node_modules/check-digits/mod11.js',
      ].sort(),
    );
    // a library both load keeps its own chunk; /login's own form and a lazy toaster are not a signed-in screen's
    for (const id of ['/app/node_modules/store/index.js', '/app/src/login-form.tsx', '/app/src/toaster.tsx', '/app/src/menu.tsx'])
      expect(sets.shared.has(id), id).toBe(false);
  });

  it("puts the features' zod/mini response schemas and status tables and the shared modules two lists load in schemas, not one list's own schema, a form's classic zod schema, a shared module only a form loads, nor one /login loads", () => {
    // the receivables list's own schema stays with it: a screen never downloads every list's schemas for its own
    expect(sets.schemas.has('/app/src/features/receivables/schema.ts')).toBe(false);
    expect([...sets.schemas].sort()).toEqual(
      ['/app/src/features/orders/schema.ts', '/app/src/features/orders/status.ts', '/app/src/features/users/schema.ts', '/app/src/shared/customers.ts'].sort(),
    );
    for (const id of [
      '/app/src/features/states/schema.ts',
      '/app/src/features/users/form-schema.ts',
      '/app/src/features/auth/schema.ts',
      '/app/src/shared/states.ts',
      '/app/src/shared/lookup.ts',
    ])
      expect(sets.schemas.has(id), id).toBe(false);
  });

  it("puts the list kit's own modules in list-kit, not those already in core, a screen's own or those a form uses too", () => {
    expect([...sets.listKit].sort()).toEqual(['/app/src/list/index.ts', '/nm/table.js', '/nm/table-core.js'].sort());
    expect(sets.listKit.has('/app/src/input.tsx')).toBe(false);
    expect(sets.core.has('/app/src/orders-api.ts') || sets.listKit.has('/app/src/orders-api.ts')).toBe(false);
  });

  it("puts in ui the UI and lib modules that two list screens load, not one screen's own, the entry's or a grouped one", () => {
    // format and switch: both lists (the profile form loads the switch too)
    expect([...sets.ui].sort()).toEqual(['/app/src/components/ui/switch.tsx', '/app/src/lib/format.ts'].sort());
    // orders-only: one list; list-search: main.tsx's static graph (the entry)
    for (const id of ['/app/src/lib/orders-only.ts', '/app/src/lib/list-search.ts', '/app/src/cpf.ts']) expect(sets.ui.has(id), id).toBe(false);
  });
});

describe('balcao:shared-chunks, the plugin', () => {
  const R = '/app/src/routes';
  const graph: Record<string, { importedIds: string[]; dynamicallyImportedIds: string[] }> = {
    '/app/src/main.tsx': { importedIds: [`${R}/_app.tsx`, `${R}/login.tsx`], dynamicallyImportedIds: [] },
    [`${R}/_app.tsx`]: { importedIds: ['/app/src/menu.tsx'], dynamicallyImportedIds: [] },
    '/app/src/menu.tsx': { importedIds: [], dynamicallyImportedIds: [] },
    [`${R}/login.tsx`]: { importedIds: [], dynamicallyImportedIds: [] },
    [`${R}/_app/orders.tsx`]: { importedIds: ['/app/src/list/index.ts'], dynamicallyImportedIds: [] },
    '/app/src/list/index.ts': { importedIds: [], dynamicallyImportedIds: [] },
  };
  /** The part of Rolldown's plugin context that buildEnd reads, over `modules`. */
  const context = (modules: typeof graph) => ({
    getModuleIds: () => Object.keys(modules)[Symbol.iterator](),
    getModuleInfo: (id: string) => modules[id] ?? null,
  });
  const options = { routesDir: R, sessionModules: [], listKitModules: ['/app/src/list/index.ts'], publicModules: [] };

  it("computes its groups from the build's module graph at buildEnd, and rolldown's group tests read them", async () => {
    const { plugin, groups } = sharedChunks(options);
    expect(groups.map((g) => g.name)).toEqual(['core', 'list-kit', 'shared', 'feature-schemas', 'ui']);
    const test = (name: string, id: string) => groups.find((g) => g.name === name)!.test(id);
    expect(test('core', `${R}/_app.tsx`)).toBe(false);
    await handlerOf(plugin.buildEnd).call(context(graph));
    expect(test('core', `${R}/_app.tsx`)).toBe(true);
    expect(test('core', '/app/src/menu.tsx')).toBe(true);
    expect(test('list-kit', '/app/src/list/index.ts')).toBe(true);
    expect(test('core', `${R}/login.tsx`)).toBe(false);
    expect(groups.every((g) => g.includeDependenciesRecursively === false)).toBe(true);
  });

  it('fails the build when the graph gives the core or list-kit chunk no module (options that no longer match the app)', async () => {
    const { plugin } = sharedChunks({ ...options, listKitModules: ['/app/src/moved/list.ts'] });
    await expect(handlerOf(plugin.buildEnd).call(context(graph))).rejects.toThrow(/no module for the core or list-kit chunk/);
  });

  it("resolves the session modules that are package names with the build's resolver", async () => {
    const { plugin, groups } = sharedChunks({ ...options, sessionModules: ['menu-package'] });
    const resolve = (spec: string) => Promise.resolve(spec === 'menu-package' ? { id: '/app/src/menu.tsx', external: false } : null);
    await handlerOf(plugin.buildEnd).call({ ...context(graph), resolve });
    expect(groups.find((g) => g.name === 'core')!.test('/app/src/menu.tsx')).toBe(true);
    const { plugin: missing } = sharedChunks({ ...options, sessionModules: ['not-installed'] });
    await expect(handlerOf(missing.buildEnd).call({ ...context(graph), resolve })).rejects.toThrow(/not-installed does not resolve/);
  });

  it('does nothing after a failed build', async () => {
    const { plugin, groups } = sharedChunks(options);
    await handlerOf(plugin.buildEnd).call(context({}), new Error('parse error'));
    expect(groups.some((g) => g.test(`${R}/_app.tsx`))).toBe(false);
  });
});
