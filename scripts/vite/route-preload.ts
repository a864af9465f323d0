import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type PluginContext = Rolldown.PluginContext;

/** What the build hands `transformIndexHtml`: the output chunks we read. */
interface ChunkInfo {
  type: 'chunk' | 'asset';
  fileName: string;
  facadeModuleId?: string | null;
  imports?: string[];
  isEntry?: boolean;
  /** The modules in the chunk (a shared chunk, scripts/vite/chunk-groups.ts, has no facade). */
  moduleIds?: string[];
}

/** A resolved module id without its query (`…/_app.tsx?tsr-split=component` → `…/_app.tsx`). */
export const moduleFile = (id: string) => id.replace(/\?.*$/, '');

/**
 * `modules` as the build's module ids: an absolute path stays as it is, a package name (`'ofetch'`) is
 * resolved by the build's own resolver (`this.resolve` of the plugin context), as the app's imports
 * are (ofetch: its browser build).
 * @throws Error when a package does not resolve.
 */
export async function resolveModules(context: Pick<PluginContext, 'resolve'>, modules: readonly string[]): Promise<string[]> {
  return Promise.all(
    modules.map(async (spec) => {
      if (path.isAbsolute(spec)) return spec;
      const resolved = await context.resolve(spec);
      if (!resolved || resolved.external) throw new Error(`balcao: ${spec} does not resolve to a module of the build`);
      return resolved.id;
    }),
  );
}

/**
 * The signed-in screen's path for a route file under src/routes/_app ('sales-orders.tsx' →
 * '/sales-orders', 'receivables.index.tsx' → '/receivables', 'index.tsx' → '/'); undefined for
 * routes with params ('$id') or pathless files.
 */
export function appRoutePath(file: string): string | undefined {
  const parts = file.replace(/\.tsx$/, '').split('.');
  if (parts.some((p) => p.startsWith('$') || p.startsWith('-') || p.startsWith('_'))) return undefined;
  const segments = parts.filter((p) => p !== 'index');
  return `/${segments.join('/')}`;
}

/**
 * For each signed-in path without params: the chunks its screen needs beyond the entry (the
 * `_app` layout's and the route's split chunks, the offline chunk every session loads, and all
 * their static imports), as indexes into one file list. Pure, so it is unit tested.
 * @throws Error when a module of `extraModules` is in no chunk (moved or renamed).
 */
export function routePreloadMap(chunks: ChunkInfo[], routesDir: string, extraModules: string[]): { files: string[]; routes: Record<string, number[]> } {
  const byFile = new Map(chunks.filter((c) => c.type === 'chunk').map((c) => [c.fileName, c]));
  const entry = chunks.find((c) => c.type === 'chunk' && c.isEntry);
  const inEntry = new Set<string>();
  const walk = (file: string, into: Set<string>) => {
    if (into.has(file)) return;
    into.add(file);
    for (const dep of byFile.get(file)?.imports ?? []) walk(dep, into);
  };
  if (entry) walk(entry.fileName, inEntry);
  // The files of a chunk's modules: its facade, and every module of a shared chunk (no facade).
  const filesOf = (c: ChunkInfo) => [moduleFile(c.facadeModuleId ?? ''), ...(c.moduleIds ?? []).map(moduleFile)];
  const chunksOf = (file: string) => chunks.filter((c) => c.type === 'chunk' && !c.isEntry && filesOf(c).includes(file)).map((c) => c.fileName);

  const appDir = path.join(routesDir, '_app');
  const extra = extraModules.flatMap((file) => {
    const found = chunksOf(file);
    // A renamed or moved module would silently drop out of the preload: fail the build instead.
    if (!found.length) throw new Error(`balcao:route-preload: no chunk holds ${file}; update extraModules in vite.config.ts`);
    return found;
  });
  const common = [...chunksOf(path.join(routesDir, '_app.tsx')), ...extra];
  const files: string[] = [];
  const index = new Map<string, number>();
  const routes: Record<string, number[]> = {};
  const routeFiles = new Set(chunks.flatMap(filesOf).filter((f) => path.dirname(f) === appDir));
  for (const routeFile of [...routeFiles].sort()) {
    const routePath = appRoutePath(path.basename(routeFile));
    if (!routePath) continue;
    const needed = new Set<string>();
    for (const f of [...common, ...chunksOf(routeFile)]) walk(f, needed);
    routes[routePath] = [...needed]
      .filter((f) => !inEntry.has(f))
      .map((f) => {
        if (!index.has(f)) index.set(f, files.push(f) - 1);
        return index.get(f)!;
      });
  }
  return { files, routes };
}

/**
 * The inline script of index.html that preloads a signed-in screen's chunks (`routes` and
 * `files` as made by routePreloadMap): with a stored token on a known path it adds one
 * `<link rel="modulepreload">` per chunk, after the first frame (requestAnimationFrame, then a
 * task), so the ~25 link insertions and the fetches they start do not hold up the parsing and
 * first paint of the skeleton (FCP); at once when the page is hidden (no frames).
 */
export function routePreloadScript(routes: Record<string, number[]>, files: string[]): string {
  return `(function (r, f, p, t) {
        try {
          t = localStorage.getItem('token');
        } catch (e) {}
        p = r[location.pathname.replace(/\\/+$/, '') || '/'];
        if (!t || !p) return;
        function add() {
          p.forEach(function (i) {
            var l = document.createElement('link');
            l.rel = 'modulepreload';
            l.href = '/' + f[i];
            document.head.appendChild(l);
          });
        }
        if (document.hidden || !window.requestAnimationFrame) add();
        else
          requestAnimationFrame(function () {
            setTimeout(add, 0);
          });
      })(${JSON.stringify(routes)}, ${JSON.stringify(files)});`;
}

/**
 * `balcao:route-preload` (LCP): a signed-in cold start used to discover its screen's chunks in three rounds
 * (the entry ran, then the router asked for the `_app` layout, then for the route's loader and
 * component, each with its imports). This writes into index.html a small script
 * (routePreloadScript) that, for a session (stored token) on a known path, adds
 * `<link rel="modulepreload">` for all of them at once, so they download while the entry does.
 * Vite's own preload helper finds the links and adds nothing twice. The script is inline, so the
 * server's CSP hashes it like the others (server/src/middlewares/pwa.ts reads the built index.html).
 */
export function routePreload(options: { routesDir: string; extraModules: string[] }): Plugin {
  let extraModules: string[] = [];
  return {
    name: 'balcao:route-preload',
    apply: 'build',
    async buildStart() {
      extraModules = await resolveModules(this, options.extraModules);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const { files, routes } = routePreloadMap(Object.values(ctx.bundle) as ChunkInfo[], options.routesDir, extraModules);
        // At the end of <body>, before the stylesheet links that balcao:stylesheet-after-skeleton
        // moves there (an inline script after a pending stylesheet waits for it): an inline script
        // in <head> would let the first paint come before the skeleton (index.html).
        const end = /(\s*<link rel="stylesheet"[^>]*>)*\s*<\/body>/;
        if (!end.test(html)) throw new Error('balcao:route-preload: no </body> in index.html');
        return html.replace(end, (tail) => `\n    <script>\n      ${routePreloadScript(routes, files)}\n    </script>${tail}`);
      },
    },
  };
}
