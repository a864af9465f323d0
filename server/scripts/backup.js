#!/usr/bin/env node
/**
 * npm run backup [-- --out <file.tar.gz | folder>]   → one archive of the database, the stored files and the configuration
 * npm run restore -- <archive> [--force]             → that state into an empty installation
 *
 * The installation is the one server/.env and the environment describe (DATABASE_*, PUBLIC_DIR,
 * UPLOAD_PROVIDER/S3_*), as for `npm start`. Compiles the server first when its sources are newer
 * than server/dist (like scripts/start.mjs), then runs src/backup/cli.ts. docs/deploy.md "Backup and restore".
 */
const { spawnSync } = require('node:child_process');
const { existsSync, readdirSync, statSync } = require('node:fs');
const path = require('node:path');

const appDir = path.resolve(__dirname, '..');
// npm runs scripts in server/; relative archive paths are read from where the operator ran npm
const cwd = process.env.INIT_CWD || process.cwd();
process.chdir(appDir);
if (existsSync('.env')) process.loadEnvFile('.env'); // what Strapi reads; the environment wins

/** Newest modification time under `p` (ms). */
function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(p).reduce((max, e) => Math.max(max, newest(path.join(p, e))), st.mtimeMs);
}

const entry = path.join(appDir, 'dist/src/backup/cli.js');
if (newest(path.join(appDir, 'src')) > newest(entry)) {
  // tsc still emits JavaScript on type errors elsewhere; the entry must exist afterwards
  spawnSync(process.execPath, [path.join(appDir, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { stdio: 'inherit' });
  if (!existsSync(entry)) {
    console.error('[backup] a compilação do servidor falhou (tsc)');
    process.exit(1);
  }
}

require(entry)
  .main(process.argv.slice(2), { serverDir: appDir, cwd })
  .then(
    (code) => (process.exitCode = code),
    (e) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
