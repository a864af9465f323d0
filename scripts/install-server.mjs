#!/usr/bin/env node
/**
 * Root `postinstall`: installs the Strapi app in server/ from its own lockfile.
 * server/ is a separate npm project (not a workspace) because Strapi 5.54's admin
 * needs React 18 while the PWA uses React 19; hoisting split Strapi across two
 * node_modules trees and its plugin loader could not resolve itself.
 * Skips the install when server/node_modules already holds every package of server/package-lock.json
 * at its locked version (saves ~4 min); a dependency added or bumped by a pull installs again.
 * Installs with `npm ci`: server/package-lock.json lists every platform's optional packages the
 * registry serves, so the lock is complete and the install never rewrites it (a clean tree after it).
 *
 * Runs on the Node the app runs on (node_modules/.bin/node, from the npm `node` package; scripts/lib/runtime.mjs),
 * and so does the install it starts. better-sqlite3 ships Node-API binaries for the common platforms inside its
 * npm package, so nothing compiles; where none loads on this Node (another platform), it is compiled from source
 * with node-gyp against this Node's headers (`npm_config_nodedir`), also when the rest of the install is skipped.
 */
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { nodeHeadersDir, requireSupportedNode } from './lib/runtime.mjs';

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../server');
if (process.env.SKIP_SERVER_INSTALL === '1') process.exit(0);
requireSupportedNode('npm ci');

/** The environment of the server's install and build: node-gyp on this Node's headers; `--omit=peer` (the root's `node` package) not passed on. */
function installEnv() {
  const env = { ...process.env };
  const nodedir = nodeHeadersDir();
  if (nodedir) env.npm_config_nodedir = nodedir;
  else console.warn(`[npm ci] aviso: nenhum include/node do Node ${process.version} encontrado; o node-gyp segue a configuração do npm.`);
  const omit = (env.npm_config_omit ?? '').split(/[\s,]+/).filter((kind) => kind && kind !== 'peer');
  if (omit.length) env.npm_config_omit = omit.join(' ');
  else delete env.npm_config_omit;
  return env;
}

/** True when better-sqlite3 in server/node_modules loads on this process' Node and opens a database. */
function sqliteLoads() {
  const probe = "new (require('better-sqlite3'))(':memory:').close()";
  return spawnSync(process.execPath, ['-e', probe], { cwd: server, stdio: 'ignore' }).status === 0;
}
/** True when npm's record of what is installed has every non-optional locked package at its locked version. */
function installedMatchesLock() {
  const hidden = path.join(server, 'node_modules/.package-lock.json');
  if (!existsSync(hidden) || !existsSync(path.join(server, 'node_modules/@strapi/strapi'))) return false;
  try {
    const locked = JSON.parse(readFileSync(path.join(server, 'package-lock.json'), 'utf8')).packages ?? {};
    const installed = JSON.parse(readFileSync(hidden, 'utf8')).packages ?? {};
    return Object.entries(locked).every(([key, pkg]) => key === '' || pkg.optional || pkg.peer || installed[key]?.version === pkg.version);
  } catch {
    return false;
  }
}

const env = installEnv();
if (installedMatchesLock()) {
  console.log('server/node_modules já instalado; pulando (npm install --prefix server para reinstalar).');
} else {
  execSync('npm ci --no-audit --no-fund', { cwd: server, stdio: 'inherit', env });
}
if (!sqliteLoads()) {
  console.log(`[npm ci] nenhum binário do better-sqlite3 carrega no Node ${process.version}; compilando...`);
  execSync('npm run build-release', { cwd: path.join(server, 'node_modules/better-sqlite3'), stdio: 'inherit', env });
  if (!sqliteLoads()) {
    console.error(`[npm ci] better-sqlite3 não carrega no Node ${process.version} mesmo depois de recompilado.`);
    process.exit(1);
  }
}
