import { execFileSync } from 'node:child_process';
import { readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { alive, freePort, repoRoot, startScript, type StartScript } from './helpers/start-script';

/**
 * README's `npm start` (scripts/start.mjs) with one server process (WEB_CONCURRENCY=1): a server
 * process that dies is started again and the log says how it ended; the server runs on the Node of
 * package.json's `engines`, the test runner's own (npm puts the npm `node` package first on the PATH of
 * the scripts that start both; docs/decisions.md "The runtime: Node 24 from the npm registry"). Its processes load
 * helpers/reject-on-sigusr2.cjs, so the test can make the server die on its own (an unhandled
 * rejection, Node's exit code 1) besides killing it (SIGKILL). SIGTERM then stops everything.
 * Several processes: one-machine-cores.test.ts. Process management does not depend on the database:
 * the PostgreSQL run skips it.
 */
const BOOT_MS = 120_000;
const BACK_MS = 60_000;

let start: StartScript;

/** Milliseconds until GET /_health answers 204 (polled every 200 ms); fails after BACK_MS. */
async function untilHealthy(): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < BACK_MS) {
    const status = await fetch(`http://127.0.0.1:${start.port}/_health`).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 204) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`/_health did not answer 204 within ${BACK_MS} ms; output:\n${start.output()}`);
}

describe.skipIf(inject('database').client === 'postgres')('npm start starts a server that died again', () => {
  beforeAll(async () => {
    start = startScript(
      { WEB_CONCURRENCY: '1', NODE_OPTIONS: `--require ${path.join(repoRoot, 'server/tests/helpers/reject-on-sigusr2.cjs')}` },
      await freePort(),
    );
    await start.waitForOutput(/Balcão pronto/, BOOT_MS);
  }, BOOT_MS + 10_000);

  afterAll(async () => {
    await start?.dispose();
  });

  /** The pid of the server process: the script's one child. */
  const serverPid = () => {
    const children = start.children();
    expect(children, 'the script runs one server process').toHaveLength(1);
    return children[0]!;
  };

  it("runs its server on the Node of engines, this test runner's", () => {
    const engines = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).engines.node as string;
    const major = /^>=\s*(\d+)/.exec(engines)?.[1];
    expect(major, engines).toBe('24');
    expect(process.versions.node.split('.')[0], 'the test runner').toBe(major);
    // the binary the server process runs, asked for its version
    const binary = readlinkSync(`/proc/${serverPid()}/exe`);
    const version = execFileSync(binary, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
    expect(version.split('.')[0], `the server (${binary})`).toBe(major);
    expect(start.output()).toContain(`no Node v${version}`);
  });

  it(
    'a server killed with SIGKILL is started again, and the log says so',
    async () => {
      const pid = serverPid();
      process.kill(pid, 'SIGKILL');
      await start.waitForOutput(new RegExp(`o servidor \\(pid ${pid}\\) terminou \\(sinal SIGKILL\\); iniciando de novo`), BACK_MS);
      await untilHealthy();
      expect(serverPid()).not.toBe(pid);
    },
    BACK_MS + 10_000,
  );

  it(
    'a server that dies on its own (an unhandled rejection) is started again, and the log says how it ended and why',
    async () => {
      const pid = serverPid();
      process.kill(pid, 'SIGUSR2');
      await start.waitForOutput(new RegExp(`o servidor \\(pid ${pid}\\) terminou \\(código 1\\); iniciando de novo`), BACK_MS);
      // the primary's line, from the error the worker wrote before dying (server/src/utils/cluster.ts)
      expect(start.output()).toMatch(
        new RegExp(`último erro do servidor \\(pid ${pid}\\): unhandledRejection: Error: falha provocada pelo teste \\(SIGUSR2\\)`),
      );
      await untilHealthy();
      expect(serverPid()).not.toBe(pid);
    },
    BACK_MS + 10_000,
  );

  it('SIGTERM stops the script and its server, with exit code 0', async () => {
    const pid = serverPid();
    const exited = new Promise<number | null>((resolve) => start.child.once('exit', (code) => resolve(code)));
    start.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(alive(pid)).toBe(false);
  }, 60_000);
});
