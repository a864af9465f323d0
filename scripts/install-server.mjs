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
 */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../server');
if (process.env.SKIP_SERVER_INSTALL === '1') process.exit(0);
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

if (installedMatchesLock()) {
  console.log('server/node_modules já instalado; pulando (npm install --prefix server para reinstalar).');
} else {
  execSync('npm ci --no-audit --no-fund', { cwd: server, stdio: 'inherit' });
}
