import { runnerImport, type InlineConfig, type Plugin, type ViteDevServer } from 'vite';
import type { ResourceMaps } from '../../src/app/resource-maps';
import { writeIndexMaps } from '../index-maps';

/** The service worker's import of the lookup list (sw/sw.ts; typed in sw/virtual-lookups.d.ts). */
export const LOOKUPS_MODULE = 'virtual:balcao/lookups';

const MAPS_MODULE = '/scripts/resource-maps-entry.ts';

/**
 * Generates, at build time, index.html's maps and the service worker's lookup list from the
 * resource declarations (`src/features/<x>/resource.ts`, read through src/app/resource-maps.ts and
 * scripts/resource-maps-entry.ts),
 * so a register is declared once: `app()` for the PWA build and the dev server (index.html),
 * `worker()` for the service worker's own build (vite-plugin-pwa `injectManifest.buildPlugins`;
 * one instance per build, as that option asks). The declarations run in Vite's module runner with
 * the app's aliases (`runnerImport`); the dev server loads them through its own graph, so an
 * edited declaration shows on the next page load.
 */
export function resourceMaps(options: { runner: InlineConfig }) {
  let built: Promise<ResourceMaps> | undefined;
  const load = async (server?: ViteDevServer): Promise<ResourceMaps> => {
    if (server) return ((await server.ssrLoadModule(MAPS_MODULE)) as typeof import('../resource-maps-entry')).MAPS;
    built ??= runnerImport<typeof import('../resource-maps-entry')>(MAPS_MODULE, { configFile: false, ...options.runner }).then(({ module }) => module.MAPS);
    return built;
  };
  const app = (): Plugin => {
    let server: ViteDevServer | undefined;
    return {
      name: 'balcao:resource-maps',
      configureServer(s) {
        server = s;
      },
      transformIndexHtml: { order: 'pre', handler: async (html) => writeIndexMaps(html, await load(server)) },
    };
  };
  const worker = (): Plugin => ({
    name: 'balcao:resource-maps-worker',
    resolveId: (id) => (id === LOOKUPS_MODULE ? `\0${LOOKUPS_MODULE}` : undefined),
    load: async (id) => (id === `\0${LOOKUPS_MODULE}` ? `export const LOOKUPS = ${JSON.stringify((await load()).lookups)};\n` : undefined),
  });
  return { app, worker };
}
