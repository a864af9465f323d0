import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * README's `npm start` (scripts/start.mjs) run as a test's child: on a free loopback port, a temporary
 * SQLite file, upload and e-mail directories, with the server this run compiled (SKIP_BUILD=1) and a
 * one-page PWA. Its output (stdout and stderr together) is kept and can be waited on.
 */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** A free loopback port. */
export { freePort } from '../../tests-cluster/cluster';

/** True while process `pid` exists. */
export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export interface StartScript {
  child: ChildProcess;
  port: number;
  tmp: string;
  /** Everything the script and its server processes printed so far. */
  output(): string;
  /** Resolves with the first match of `pattern` in the output, now or later; rejects after `timeoutMs`. */
  waitForOutput(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray>;
  /** The pids of the script's children (its server processes), from Linux's /proc. */
  children(): number[];
  /** Kills the script and every server process it started, removes the temporary directory. */
  dispose(): Promise<void>;
}

/** Starts `node scripts/start.mjs` with `env` on top of the test's environment (NODE_ENV removed: production). */
export function startScript(env: Record<string, string>, port: number): StartScript {
  const tmp = mkdtempSync(path.join(tmpdir(), 'balcao-start-'));
  mkdirSync(path.join(tmp, 'pwa'));
  mkdirSync(path.join(tmp, 'public', 'uploads'), { recursive: true });
  writeFileSync(path.join(tmp, 'pwa', 'index.html'), '<!doctype html><title>Balcão</title>');
  const fullEnv: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    SKIP_BUILD: '1',
    PWA_DIR: path.join(tmp, 'pwa'),
    DATABASE_CLIENT: 'sqlite',
    DATABASE_FILENAME: path.join(tmp, 'data.db'),
    PUBLIC_DIR: path.join(tmp, 'public'),
    EMAIL_OUTBOX_DIR: path.join(tmp, 'email-outbox'),
    ...env,
  };
  delete fullEnv.NODE_ENV;
  const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/start.mjs')], { cwd: repoRoot, env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const waiters = new Set<() => void>();
  const seen = new Set<number>();
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      for (const check of [...waiters]) check();
    });
  }
  const children = () => {
    const pids = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    for (const pid of pids) seen.add(pid);
    return pids;
  };
  return {
    child,
    port,
    tmp,
    output: () => output,
    children,
    waitForOutput: (pattern, timeoutMs) =>
      new Promise((resolve, reject) => {
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
      }),
    dispose: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        try {
          children();
        } catch {
          /* already gone */
        }
        child.kill('SIGKILL');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      for (const pid of seen) if (alive(pid)) process.kill(pid, 'SIGKILL');
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}
