import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutePath, routePreload, routePreloadMap, routePreloadScript } from '../../scripts/vite/route-preload';
import { handlerOf } from './helpers/vite-hooks';

/**
 * The build writes, for each signed-in path, the chunks its screen needs beyond the entry, so
 * index.html can preload them at once (scripts/vite/route-preload.ts).
 */
describe('route preload map', () => {
  it('names the path of a route file, none for params or pathless files', () => {
    expect(appRoutePath('sales-orders.tsx')).toBe('/sales-orders');
    expect(appRoutePath('receivables.index.tsx')).toBe('/receivables');
    expect(appRoutePath('receivables.new.tsx')).toBe('/receivables/new');
    expect(appRoutePath('index.tsx')).toBe('/');
    expect(appRoutePath('sales-order.$id.details.tsx')).toBeUndefined();
  });

  it('lists the layout, extra and route chunks with their static imports, minus what the entry loads', () => {
    const R = '/app/src/routes';
    const chunks = [
      { type: 'chunk' as const, fileName: 'assets/index.js', isEntry: true, facadeModuleId: '/app/src/main.tsx', imports: ['assets/react.js'] },
      { type: 'chunk' as const, fileName: 'assets/react.js', facadeModuleId: null, imports: [] },
      {
        type: 'chunk' as const,
        fileName: 'assets/_app.js',
        facadeModuleId: `${R}/_app.tsx?tsr-split=component`,
        imports: ['assets/react.js', 'assets/icons.js'],
      },
      { type: 'chunk' as const, fileName: 'assets/icons.js', facadeModuleId: null, imports: [] },
      { type: 'chunk' as const, fileName: 'assets/offline.js', facadeModuleId: '/app/src/app/offline.ts', imports: [] },
      { type: 'chunk' as const, fileName: 'assets/orders.js', facadeModuleId: `${R}/_app/sales-orders.tsx?tsr-split=component`, imports: ['assets/list.js'] },
      {
        type: 'chunk' as const,
        fileName: 'assets/orders-loader.js',
        facadeModuleId: `${R}/_app/sales-orders.tsx?tsr-split=loader`,
        imports: ['assets/zod.js'],
      },
      { type: 'chunk' as const, fileName: 'assets/list.js', facadeModuleId: null, imports: ['assets/react.js'] },
      { type: 'chunk' as const, fileName: 'assets/zod.js', facadeModuleId: null, imports: [] },
      { type: 'chunk' as const, fileName: 'assets/detail.js', facadeModuleId: `${R}/_app/sales-order.$id.index.tsx?tsr-split=component`, imports: [] },
      { type: 'asset' as const, fileName: 'assets/index.css' },
    ];
    const { files, routes } = routePreloadMap(chunks, R, ['/app/src/app/offline.ts']);
    expect(Object.keys(routes)).toEqual(['/sales-orders']);
    expect(routes['/sales-orders']!.map((i) => files[i]).sort()).toEqual(
      ['assets/_app.js', 'assets/icons.js', 'assets/list.js', 'assets/offline.js', 'assets/orders-loader.js', 'assets/orders.js', 'assets/zod.js'].sort(),
    );
  });

  it('finds the layout, extra and route modules inside shared chunks that have no facade (scripts/vite/chunk-groups.ts)', () => {
    const R = '/app/src/routes';
    const chunks = [
      { type: 'chunk' as const, fileName: 'assets/index.js', isEntry: true, facadeModuleId: '/app/src/main.tsx', imports: [] },
      {
        type: 'chunk' as const,
        fileName: 'assets/core.js',
        facadeModuleId: null,
        moduleIds: [`${R}/_app.tsx?tsr-split=component`, '/app/src/app/offline.ts', '/app/node_modules/query/index.js'],
        imports: ['assets/icons.js'],
      },
      { type: 'chunk' as const, fileName: 'assets/icons.js', facadeModuleId: null, imports: [] },
      { type: 'chunk' as const, fileName: 'assets/list-kit.js', facadeModuleId: null, moduleIds: ['/app/src/list/index.ts'], imports: ['assets/core.js'] },
      {
        type: 'chunk' as const,
        fileName: 'assets/orders.js',
        facadeModuleId: null,
        moduleIds: [`${R}/_app/sales-orders.tsx?tsr-split=component`],
        imports: ['assets/list-kit.js'],
      },
    ];
    const { files, routes } = routePreloadMap(chunks, R, ['/app/src/app/offline.ts']);
    expect(routes['/sales-orders']!.map((i) => files[i]).sort()).toEqual(['assets/core.js', 'assets/icons.js', 'assets/list-kit.js', 'assets/orders.js']);
  });

  it('fails the build when no chunk holds an extra module (moved or renamed), instead of preloading less', () => {
    const chunks = [
      { type: 'chunk' as const, fileName: 'assets/index.js', isEntry: true, facadeModuleId: '/app/src/main.tsx', imports: [] },
      { type: 'chunk' as const, fileName: 'assets/ofetch.js', facadeModuleId: '/app/node_modules/ofetch/dist/index.mjs', imports: [] },
    ];
    expect(routePreloadMap(chunks, '/app/src/routes', ['/app/node_modules/ofetch/dist/index.mjs']).files).toEqual([]);
    expect(() => routePreloadMap(chunks, '/app/src/routes', ['/app/node_modules/ofetch/dist/node.mjs'])).toThrow(/no chunk holds .*node\.mjs/);
  });

  describe('the inline script', () => {
    const script = routePreloadScript({ '/sales-orders': [0, 1] }, ['assets/core.js', 'assets/orders.js']);
    const links = () => [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));
    const run = () => new Function(script)();
    afterEach(() => {
      vi.useRealTimers();
      document.head.innerHTML = '';
      localStorage.clear();
      window.history.replaceState(null, '', '/');
    });

    it('adds the preload links of a signed-in path after the first frame, not while the page is parsed (FCP)', () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
      vi.spyOn(document, 'hidden', 'get').mockReturnValue(false);
      localStorage.setItem('token', 'jwt');
      window.history.replaceState(null, '', '/sales-orders/');
      run();
      expect(links()).toEqual([]);
      vi.advanceTimersToNextFrame();
      vi.runAllTimers();
      expect(links()).toEqual(['/assets/core.js', '/assets/orders.js']);
    });

    it('adds them at once in a hidden page, and none without a session or for an unknown path', () => {
      vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
      window.history.replaceState(null, '', '/sales-orders');
      run();
      expect(links()).toEqual([]);
      localStorage.setItem('token', 'jwt');
      window.history.replaceState(null, '', '/nada');
      run();
      expect(links()).toEqual([]);
      window.history.replaceState(null, '', '/sales-orders');
      run();
      expect(links()).toEqual(['/assets/core.js', '/assets/orders.js']);
    });
  });
});

describe('balcao:route-preload, the plugin', () => {
  const R = '/app/src/routes';
  const bundle = {
    'assets/index.js': { type: 'chunk', fileName: 'assets/index.js', isEntry: true, facadeModuleId: '/app/src/main.tsx', imports: [] },
    'assets/core.js': { type: 'chunk', fileName: 'assets/core.js', facadeModuleId: null, moduleIds: [`${R}/_app.tsx`, '/app/src/app/offline.ts'], imports: [] },
    'assets/orders.js': { type: 'chunk', fileName: 'assets/orders.js', facadeModuleId: `${R}/_app/sales-orders.tsx?tsr-split=component`, imports: [] },
    'assets/index.css': { type: 'asset', fileName: 'assets/index.css' },
  };
  const html = `<html><head></head><body>
    <div id="skeleton"></div>
    <link rel="stylesheet" href="/assets/index.css">
  </body></html>`;
  /** The plugin's buildStart (package names resolved by `resolve`), then its index.html hook on `page`. */
  const run = async (page: string, extraModules = ['/app/src/app/offline.ts'], ctx: object = { bundle }) => {
    const plugin = routePreload({ routesDir: R, extraModules });
    const resolve = (spec: string) => Promise.resolve(spec === 'offline-package' ? { id: '/app/src/app/offline.ts', external: false } : null);
    await handlerOf(plugin.buildStart).call({ resolve });
    return handlerOf(plugin.transformIndexHtml)(page, ctx) as string;
  };

  it('writes the preload script at the end of <body>, before the stylesheet links moved there', async () => {
    const out = await run(html);
    const script = out.indexOf('<script>');
    expect(script).toBeGreaterThan(out.indexOf('<div id="skeleton">'));
    expect(script).toBeLessThan(out.indexOf('<link rel="stylesheet"'));
    expect(out).toContain(`})({"/sales-orders":[0,1]}, ["assets/core.js","assets/orders.js"]);`);
  });

  it('takes package names as the build resolves them', async () => {
    expect(await run(html, ['offline-package'])).toBe(await run(html));
    await expect(run(html, ['not-installed'])).rejects.toThrow(/not-installed does not resolve/);
  });

  it('leaves the page alone outside a build (no bundle), and fails the build on a page without </body> or a lost extra module', async () => {
    expect(await run(html, undefined, {})).toBe(html);
    await expect(run('<html><body>')).rejects.toThrow(/no <\/body>/);
    await expect(run(html, ['/app/src/app/moved.ts'])).rejects.toThrow(/no chunk holds \/app\/src\/app\/moved.ts/);
  });
});
