import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, closeSync, existsSync, openSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The test cluster of `npm run test:cluster` (docs/deploy.md): every
 * process listens on 127.0.0.1, on fixed ports of 7100–7199, and is started and stopped by the run.
 *   7100 HAProxy (deploy/haproxy.cfg as shipped)      7101 PostgreSQL (Debian's, throw-away cluster)
 *   7102 the private bucket: a gate in front of s3rver  7103 s3rver itself (bucket `balcao`)
 *   7111, 7112 Strapi instances A and B (server/dist)
 * Processes write their PID to `<tmp>/pids/<name>` so the global teardown stops every one of them,
 * also an instance a test restarted; their output goes to `<tmp>/logs/<name>.log`.
 */
/** A TCP port free on 127.0.0.1 right now (the tests that start servers of their own on loopback). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createTcpServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoDir = path.resolve(serverDir, '..');
export const HOST = '127.0.0.1';
export const PORTS = { lb: 7100, pg: 7101, s3: 7102, s3Store: 7103, a: 7111, b: 7112 } as const;
export type InstanceName = 'a' | 'b';

/** What the tests need to know about the running cluster (serializable: provided by the global setup). */
export interface ClusterInfo {
  tmp: string;
  lbUrl: string;
  instances: Record<InstanceName, string>;
  /** Environment of the Strapi instances (without PORT). */
  env: Record<string, string>;
  s3: { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string };
  pg: { host: string; port: number; database: string; user: string };
  /** How long both instances took to start together on the empty database (ms). */
  bootMs: number;
  /** Right after that start: row counts of the seeded tables, duplicated natural keys, objects in the bucket. */
  boot: { counts: Record<string, number>; duplicates: Record<string, number>; objects: number };
}

/**
 * The private bucket: s3rver allows anonymous reads and does not
 * check SigV4 signatures, so the cluster's S3 endpoint is this gate, which answers 403 AccessDenied
 * (S3's XML error) to any request not signed for `accessKeyId` (an `AWS4-HMAC-SHA256` Authorization
 * header or a presigned `X-Amz-Credential`) and forwards the rest to s3rver on `storePort`. Checking
 * the signature math itself is the object store's job (AWS, MinIO, R2 all do); what the gate proves
 * is that nothing in the app relies on reading the bucket anonymously.
 */
export function startPrivateBucketGate(port: number, storePort: number, accessKeyId: string): Promise<Server> {
  const credential = new RegExp(`^${accessKeyId}/\\d{8}/[^/]+/s3/aws4_request$`);
  const signedFor = (authorization: string | undefined, query: URLSearchParams) => {
    const fromHeader = /^AWS4-HMAC-SHA256 Credential=([^,]+),/.exec(authorization ?? '')?.[1];
    const fromQuery = query.get('X-Amz-Algorithm') === 'AWS4-HMAC-SHA256' ? query.get('X-Amz-Credential') : null;
    const given = fromHeader ?? fromQuery;
    return Boolean(given && credential.test(given));
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${HOST}`);
    if (!signedFor(req.headers.authorization, url.searchParams)) {
      req.resume();
      res.writeHead(403, { 'Content-Type': 'application/xml' });
      res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>');
      return;
    }
    const upstream = request({ host: HOST, port: storePort, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(port, HOST, () => resolve(server)));
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function pidFile(tmp: string, name: string) {
  mkdirSync(path.join(tmp, 'pids'), { recursive: true });
  return path.join(tmp, 'pids', name);
}

/** A file descriptor on `<tmp>/logs/<name>.log` (appending): the process writes there itself, whoever started it. */
function logFd(tmp: string, name: string): number {
  mkdirSync(path.join(tmp, 'logs'), { recursive: true });
  return openSync(path.join(tmp, 'logs', `${name}.log`), 'a');
}

/** The output of process `name` so far. */
export function processLog(tmp: string, name: string): string {
  const file = path.join(tmp, 'logs', `${name}.log`);
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

/** Starts `cmd args` detached from the test's stdio, output to its log; records its PID. */
export function startProcess(tmp: string, name: string, cmd: string, args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}): ChildProcess {
  const fd = logFd(tmp, name);
  const child = spawn(cmd, args, { cwd: opts.cwd ?? serverDir, env: { ...process.env, ...opts.env }, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  writeFileSync(pidFile(tmp, name), String(child.pid));
  return child;
}

/** Sends `signal` to the process recorded as `name`; returns false when none runs. */
export function signalProcess(tmp: string, name: string, signal: NodeJS.Signals = 'SIGTERM'): boolean {
  const file = pidFile(tmp, name);
  if (!existsSync(file)) return false;
  try {
    process.kill(Number(readFileSync(file, 'utf8')), signal);
    return true;
  } catch {
    return false;
  }
}

/** True while the process recorded as `name` is alive. */
export function processAlive(tmp: string, name: string): boolean {
  const file = pidFile(tmp, name);
  if (!existsSync(file)) return false;
  try {
    process.kill(Number(readFileSync(file, 'utf8')), 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops every recorded process (SIGTERM, then SIGKILL after 10 s). */
export async function stopAll(tmp: string): Promise<void> {
  const dir = path.join(tmp, 'pids');
  if (!existsSync(dir)) return;
  const names = readdirSync(dir);
  for (const n of names) signalProcess(tmp, n, 'SIGTERM');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && names.some((n) => processAlive(tmp, n))) await sleep(200);
  for (const n of names) if (processAlive(tmp, n)) signalProcess(tmp, n, 'SIGKILL');
}

/** GET url → status (0 when no answer). */
export function probe(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, { method: 'GET', agent: false, timeout: 2000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

/** Waits until `url` answers `status` (default 204), at most `ms`. Throws with the log's tail otherwise. */
export async function waitFor(url: string, ms: number, tmp: string, name: string, status = 204): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if ((await probe(url)) === status) return;
    if (!processAlive(tmp, name)) break;
    await sleep(250);
  }
  const log = path.join(tmp, 'logs', `${name}.log`);
  const tail = existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-40).join('\n') : '(no log)';
  throw new Error(`${name} did not answer ${status} on ${url}:\n${tail}`);
}

/** Starts Strapi instance `name` (`strapi start` on server/dist) and waits for its /_health. */
export async function startInstance(info: Pick<ClusterInfo, 'tmp' | 'env' | 'instances'>, name: InstanceName, waitMs = 180_000): Promise<void> {
  const port = name === 'a' ? PORTS.a : PORTS.b;
  const publicDir = `${info.env.PUBLIC_DIR}-${name}`;
  mkdirSync(path.join(publicDir, 'uploads'), { recursive: true });
  startProcess(info.tmp, `strapi-${name}`, process.execPath, [path.join(serverDir, 'node_modules/@strapi/strapi/bin/strapi.js'), 'start'], {
    env: { ...info.env, PORT: String(port), PUBLIC_DIR: publicDir },
  });
  await waitFor(`${info.instances[name]}/_health`, waitMs, info.tmp, `strapi-${name}`);
}

/** SIGTERM to instance `name`; resolves when its process has exited (at most `ms`). */
export async function stopInstance(tmp: string, name: InstanceName, ms = 40_000): Promise<number> {
  const started = Date.now();
  signalProcess(tmp, `strapi-${name}`, 'SIGTERM');
  while (processAlive(tmp, `strapi-${name}`)) {
    if (Date.now() - started > ms) throw new Error(`strapi-${name} did not stop within ${ms} ms`);
    await sleep(100);
  }
  return Date.now() - started;
}

/** Debian's PostgreSQL binaries (installs the package with apt-get when missing, like scripts/test-postgres.sh). */
export function postgresBin(): string {
  const find = () =>
    existsSync('/usr/lib/postgresql')
      ? readdirSync('/usr/lib/postgresql')
          .sort((x, y) => Number(x) - Number(y))
          .map((v) => `/usr/lib/postgresql/${v}/bin`)
          .filter((d) => existsSync(`${d}/initdb`))
          .pop()
      : undefined;
  let bin = find();
  if (!bin) {
    const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
    spawnSync(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), 'update', '-qq'], { stdio: 'inherit' });
    spawnSync(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), 'install', '-y', '-qq', 'postgresql'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    bin = find();
  }
  if (!bin) throw new Error('PostgreSQL is not installed');
  return bin;
}

/** Runs a PostgreSQL tool, as the `postgres` user when we are root (initdb refuses root). */
export function pgTool(bin: string, tool: string, args: string[]) {
  const root = process.getuid?.() === 0;
  const res = root
    ? spawnSync('runuser', ['-u', 'postgres', '--', `${bin}/${tool}`, ...args], { encoding: 'utf8' })
    : spawnSync(`${bin}/${tool}`, args, { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`${tool} failed: ${res.stderr || res.stdout}`);
}

/** initdb + start on PORTS.pg (socket in `<tmp>/pg`) + createdb balcao; returns the stop function. */
export function startPostgres(tmp: string): { stop: () => void; database: string; user: string } {
  const bin = postgresBin();
  const dir = path.join(tmp, 'pg');
  mkdirSync(dir, { recursive: true });
  chmodSync(tmp, 0o755);
  chmodSync(dir, 0o755);
  if (process.getuid?.() === 0) {
    if (spawnSync('id', ['postgres']).status !== 0) spawnSync('useradd', ['--system', '--home', '/var/lib/postgresql', 'postgres']);
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(dir, uid, -1);
  }
  pgTool(bin, 'initdb', ['-D', `${dir}/data`, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  pgTool(bin, 'pg_ctl', [
    '-D',
    `${dir}/data`,
    '-l',
    `${dir}/pg.log`,
    '-w',
    '-o',
    `-p ${PORTS.pg} -k ${dir} -c listen_addresses=${HOST} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100`,
    'start',
  ]);
  pgTool(bin, 'createdb', ['-h', HOST, '-p', String(PORTS.pg), '-U', 'postgres', 'balcao']);
  return {
    database: 'balcao',
    user: 'postgres',
    stop: () => {
      try {
        pgTool(bin, 'pg_ctl', ['-D', `${dir}/data`, '-m', 'immediate', 'stop']);
      } catch {
        /* already stopped */
      }
    },
  };
}

/** Starts HAProxy with deploy/haproxy.cfg (as shipped), listening on PORTS.lb, and waits for it. */
export async function startHaproxy(tmp: string): Promise<void> {
  const cfg = path.join(repoDir, 'deploy/haproxy.cfg');
  const env = { LB_BIND: `${HOST}:${PORTS.lb}`, API_A: `${HOST}:${PORTS.a}`, API_B: `${HOST}:${PORTS.b}` };
  const check = spawnSync('haproxy', ['-c', '-f', cfg], { env: { ...process.env, ...env }, encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy -c failed: ${check.stderr}${check.stdout}`);
  startProcess(tmp, 'haproxy', 'haproxy', ['-db', '-f', cfg], { env });
  await waitFor(`http://${HOST}:${PORTS.lb}/_health`, 20_000, tmp, 'haproxy');
}

export function removeTmp(tmp: string) {
  rmSync(tmp, { recursive: true, force: true });
}
