import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSupported, nodeHeadersDir, supportedMajors } from '../../scripts/lib/runtime.mjs';
import { root } from './helpers/import-graph';

/**
 * The runtime (docs/decisions.md "The runtime: Node 24 from the npm registry"): the tests, `npm start`
 * and `npm test` run on the Node of package.json's `engines`, which npm ci installs as the npm `node`
 * package (node_modules/.bin/node, first on the PATH of npm scripts) unless the machine's own Node is
 * that one (`npm ci --omit=peer`). The API server's processes: server/tests/one-machine-start.test.ts.
 */
const pkg = (dir: string) =>
  JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')) as { engines: { node: string }; peerDependencies?: Record<string, string> };

describe('the runtime', () => {
  it('engines name Node 24, the same for the app and its API, and the pinned node package is inside them', () => {
    expect(supportedMajors()).toMatchObject({ min: 24, below: 25 });
    expect(pkg('server').engines.node).toBe(pkg('.').engines.node);
    expect(pkg('.').peerDependencies?.node).toMatch(/^\d+\.\d+\.\d+$/);
    expect(isSupported(pkg('.').peerDependencies?.node ?? '')).toBe(true);
  });

  it('runs this test runner on that Node', () => {
    expect(process.versions.node.startsWith('24.'), process.version).toBe(true);
  });

  it('gives npm scripts that Node, with no node_modules/.bin on the caller’s PATH', () => {
    const PATH = (process.env.PATH ?? '')
      .split(path.delimiter)
      .filter((dir) => !dir.endsWith(path.join('node_modules', '.bin')))
      .join(path.delimiter);
    const version = execFileSync('npm', ['exec', '--offline', '-c', 'node -p process.versions.node'], {
      cwd: root,
      env: { ...process.env, PATH },
      encoding: 'utf8',
    }).trim();
    expect(version.startsWith('24.'), version).toBe(true);
  });

  it("finds this Node's headers, which better-sqlite3 compiles against", () => {
    const dir = nodeHeadersDir();
    expect(dir).not.toBeNull();
    expect(readFileSync(path.join(dir!, 'include/node/node_version.h'), 'utf8')).toContain('#define NODE_MAJOR_VERSION 24');
  });
});
