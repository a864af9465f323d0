import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resourceMaps as computeMaps } from '@/app/resource-maps';
import { RESOURCES } from '@/app/resources';
import { INDEX_MARKERS, writeIndexMaps } from '../../scripts/index-maps';
import { LOOKUPS_MODULE, resourceMaps } from '../../scripts/vite/resource-maps';
import { root } from './helpers/import-graph';
import { handlerOf } from './helpers/vite-hooks';

/**
 * balcao:resource-maps and balcao:resource-maps-worker (scripts/vite/resource-maps.ts): the
 * declarations, evaluated in Vite's module runner as the build does, write index.html's maps and
 * the service worker's lookup module.
 */
describe('balcao:resource-maps', () => {
  const plugins = resourceMaps({
    runner: {
      root,
      resolve: {
        alias: {
          '@': path.join(root, 'src'),
          'styled-system': path.join(root, 'styled-system'),
          'side-channel': path.join(root, 'src/lib/vendor/side-channel.cjs'),
        },
      },
      define: { __APP_VERSION__: '"test"' },
      logLevel: 'warn',
    },
  });

  it("the worker's build resolves the lookup module to the declarations' lookup list", async () => {
    const worker = plugins.worker();
    const id = handlerOf(worker.resolveId).call({}, LOOKUPS_MODULE, undefined, {}) as string;
    expect(id).toBe(`\0${LOOKUPS_MODULE}`);
    expect(handlerOf(worker.resolveId).call({}, 'other', undefined, {})).toBeUndefined();
    const code = (await handlerOf(worker.load).call({}, id)) as string;
    const lookups = JSON.parse(/^export const LOOKUPS = (.*);\n$/.exec(code)![1]!) as unknown;
    expect(lookups).toEqual((await computeMaps(RESOURCES)).lookups);
    expect(lookups).toEqual(expect.arrayContaining([expect.objectContaining({ path: '/payment-methods' })]));
  }, 60_000);

  it("writes the maps into index.html's markers", async () => {
    const html = `<script>const titles = ${INDEX_MARKERS.listTitles}; const early = ${INDEX_MARKERS.earlyLists};</script>`;
    const out = (await handlerOf(plugins.app().transformIndexHtml).call({}, html, {})) as string;
    expect(out).toBe(writeIndexMaps(html, await computeMaps(RESOURCES)));
    expect(out).toContain('"/sales-orders":"Pedidos"');
  }, 60_000);
});
