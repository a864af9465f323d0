/**
 * The PWA's own list query builders for the benches (bench/api-bench.js): the searches are sent exactly as the
 * search boxes send them.
 */
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '../..');

/** Bundles the PWA's strapi-query modules (TypeScript, `@/` paths) into one CommonJS module. */
function loadPwaQueries() {
  // esbuild comes with Strapi (server/node_modules); the PWA's own packages resolve from the repository root
  const esbuild = require('esbuild');
  const entry = [
    `export { receivableListQuery } from './src/features/receivables/strapi-query';`,
    `export { salesOrderListQuery } from './src/features/sales-orders/strapi-query';`,
  ].join('\n');
  const out = esbuild.buildSync({
    stdin: { contents: entry, resolveDir: repoRoot, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    tsconfig: path.join(repoRoot, 'tsconfig.json'),
    logLevel: 'silent',
  });
  const m = { exports: {} };
  new Function('module', 'exports', 'require', out.outputFiles[0].text)(m, m.exports, require);
  return m.exports;
}

module.exports = { loadPwaQueries };
