import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * README's `npm start` (scripts/start.mjs): a server process that dies is started again and the
 * log says how it ended. The script runs as `npm start` does, on its own port and SQLite file,
 * with the server this run compiled (SKIP_BUILD=1) and a one-page PWA. Its processes load
 * helpers/reject-on-sigusr2.cjs, so the test can make the server die on its own (an unhandled
 * rejection, Node's exit code 1) besides killing it (SIGKILL). SIGTERM then stops everything.
 * Process management does not depend on the database: the PostgreSQL run skips it.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const BOOT_MS = 120_000;
const BACK_MS = 60_000;

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let tmp: string;
let port: number;
let start: ChildProcess;
let output = '';
const serverPids = new Set<number>();
const waiters = new Set<() => void>();

/** Resolves with the first match of `pattern` in the script's output (stdout and stderr), now or later. */
function waitForOutput(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = output.match(pattern);
      if (!match) return;
      waiters.delete(check);
      clearTimeout(timer);
      resolve(match);
    };
    const timer = setTimeout(() => {
      waiters.delete(check);
      reject(new Error(`no ${pattern} in ${timeoutMs} ms; output:\n${output}`));
    }, timeoutMs);
    waiters.add(check);
    check();
  });
}

/** Milliseconds until GET /_health answers 204 (polled every 200 ms); fails after BACK_MS. */
async function untilHealthy(): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < BACK_MS) {
    const status = await fetch(`http://127.0.0.1:${port}/_health`).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 204) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`/_health did not answer 204 within ${BACK_MS} ms; output:\n${output}`);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.skipIf(inject('database').client === 'postgres')('npm start starts a server that died again', () => {
  beforeAll(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), 'balcao-start-'));
    mkdirSync(path.join(tmp, 'pwa'));
    mkdirSync(path.join(tmp, 'public', 'uploads'), { recursive: true });
    writeFileSync(path.join(tmp, 'pwa', 'index.html'), '<!doctype html><title>Balcão</title>');
    port = await freePort();
    const env: Record<string, string | undefined> = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SKIP_BUILD: '1',
      PWA_DIR: path.join(tmp, 'pwa'),
      DATABASE_CLIENT: 'sqlite',
      DATABASE_FILENAME: path.join(tmp, 'data.db'),
      PUBLIC_DIR: path.join(tmp, 'public'),
      EMAIL_OUTBOX_DIR: path.join(tmp, 'email-outbox'),
      NODE_OPTIONS: `--require ${path.join(root, 'server/tests/helpers/reject-on-sigusr2.cjs')}`,
    };
    delete env.NODE_ENV; // production, as `npm start`
    start = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [start.stdout!, start.stderr!]) {
      stream.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        for (const check of [...waiters]) check();
      });
    }
    await waitForOutput(/Balcão pronto/, BOOT_MS);
  }, BOOT_MS + 10_000);

  afterAll(async () => {
    if (start && start.exitCode === null) {
      start.kill('SIGKILL');
      await new Promise((resolve) => start.once('exit', resolve));
    }
    for (const pid of serverPids) if (alive(pid)) process.kill(pid, 'SIGKILL');
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  /** The pid of the server process: the script's one child (Linux's /proc lists it). */
  const serverPid = () => {
    const children = readFileSync(`/proc/${start.pid}/task/${start.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    expect(children, 'the script runs one server process').toHaveLength(1);
    serverPids.add(children[0]!);
    return children[0]!;
  };

  it(
    'a server killed with SIGKILL is started again, and the log says so',
    async () => {
      const pid = serverPid();
      process.kill(pid, 'SIGKILL');
      await waitForOutput(new RegExp(`o servidor \\(pid ${pid}\\) terminou \\(sinal SIGKILL\\); iniciando de novo`), BACK_MS);
      await untilHealthy();
      expect(serverPid()).not.toBe(pid);
    },
    BACK_MS + 10_000,
  );

  it(
    'a server that dies on its own (an unhandled rejection) is started again, and the log says how it ended',
    async () => {
      const pid = serverPid();
      process.kill(pid, 'SIGUSR2');
      await waitForOutput(new RegExp(`o servidor \\(pid ${pid}\\) terminou \\(código 1\\); iniciando de novo`), BACK_MS);
      expect(output).toContain('falha provocada pelo teste (SIGUSR2)'); // Node's own report, on the server's stderr
      await untilHealthy();
      expect(serverPid()).not.toBe(pid);
    },
    BACK_MS + 10_000,
  );

  it('SIGTERM stops the script and its server, with exit code 0', async () => {
    const pid = serverPid();
    const exited = new Promise<number | null>((resolve) => start.once('exit', (code) => resolve(code)));
    start.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(alive(pid)).toBe(false);
  }, 60_000);
});
