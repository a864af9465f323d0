import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';
import type { RouteMeta } from '../../src/lib/navigation/route-meta';

let table: Promise<Readonly<Record<string, RouteMeta>>> | undefined;

/**
 * The app's route table (src/app/route-table.ts), which is built from the resource declarations
 * found by Vite's glob import: loaded through Vite's module runner with the app's `@` alias, as the
 * build reads them (Playwright's own loader knows no `import.meta.glob`).
 */
export function routeTable(): Promise<Readonly<Record<string, RouteMeta>>> {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  table ??= runnerImport<typeof import('../../src/app/route-table')>('/src/app/route-table.ts', {
    configFile: false,
    root,
    resolve: { alias: { '@': path.join(root, 'src') } },
    logLevel: 'warn',
  }).then(({ module }) => module.ROUTE_TABLE);
  return table;
}
