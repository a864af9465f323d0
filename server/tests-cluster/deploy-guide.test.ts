import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, processLog, removeTmp, repoDir, serverDir, signalProcess, sleep, startPrivateBucketGate, stopAll } from './cluster';
import { bucketKeys } from './db';
import { guideBlocks, parseUnit, playUnit, runSegment, startPostgresWithPasswords, type GuideBlock } from './deploy-guide';

/**
 * docs/deploy.md "Install, step by step", run as written: its `sh` blocks, read from the page at
 * run time, in order in one bash session, in a sandbox on 127.0.0.1 (free ports): a throw-away
 * PostgreSQL with password sign-in over TCP, s3rver behind the private-bucket gate (no bucket: the
 * guide creates it), a temporary BALCAO_DIR (the checkout's compiled server linked in, a stub PWA),
 * BALCAO_ETC and SYSTEMD_DIR. Its `sh manual <tag>` blocks (systemctl) are played by starting the
 * processes of the unit files the guide installed (deploy-guide.ts playUnit).
 */
const HOST = '127.0.0.1';
const S3_KEY = 'S3RVER';
let tmp = '';
let pg: ReturnType<typeof startPostgresWithPasswords> | null = null;
let s3: any = null;
let gate: Server | null = null;
const ports = { lb: 0, pg: 0, gate: 0, s3: 0, a: 0, b: 0, c: 0 };
let env: Record<string, string> = {};
let took = 0;

/** BALCAO_DIR as the install step leaves it: server/ with its build and modules (linked; no .env), the root's node_modules (the project's Node), deploy/, a built PWA in dist/. */
function sandboxCheckout(dir: string) {
  mkdirSync(path.join(dir, 'server'), { recursive: true });
  for (const entry of readdirSync(serverDir)) {
    if (['.env', '.tmp', 'public', 'tests', 'tests-cluster', 'bench'].includes(entry)) continue;
    symlinkSync(path.join(serverDir, entry), path.join(dir, 'server', entry));
  }
  mkdirSync(path.join(dir, 'server/public/uploads'), { recursive: true });
  symlinkSync(path.join(repoDir, 'deploy'), path.join(dir, 'deploy'));
  symlinkSync(path.join(repoDir, 'node_modules'), path.join(dir, 'node_modules'));
  // a stand-in for `npm run build`'s dist/ (the PWA's build takes minutes; serving it is what is checked)
  mkdirSync(path.join(dir, 'dist'));
  writeFileSync(path.join(dir, 'dist/index.html'), '<!doctype html><title>Balcão</title><p>deploy guide stub</p>\n');
}

/** The test's equivalent of each tagged `sh manual` block (untagged ones need nothing here). */
const manual: Record<string, () => void | Promise<void>> = {
  'start-instances': () => {
    for (const n of ['a', 'b'] as const) startFromUnit('balcao@.service', String(ports[n]), `strapi-${n}`);
  },
  'start-balancer': () => {
    startFromUnit('balcao-haproxy.service', '', 'haproxy');
  },
  'start-third-instance': () => {
    startFromUnit('balcao@.service', String(ports.c), 'strapi-c');
  },
  'restart-balancer': async () => {
    signalProcess(tmp, 'haproxy', 'SIGTERM');
    await sleep(300);
    startFromUnit('balcao-haproxy.service', '', 'haproxy');
  },
};

function startFromUnit(file: string, instance: string, name: string) {
  const unit = parseUnit(readFileSync(path.join(env.SYSTEMD_DIR, file), 'utf8'), instance);
  playUnit(unit, tmp, name);
}

/** Runs the guide: consecutive `sh` blocks as one bash segment, each `sh manual` block through `manual`. */
async function runGuide(blocks: GuideBlock[]) {
  const state = path.join(tmp, 'guide-state.sh');
  const log = path.join(tmp, 'logs/guide.log');
  let pending: GuideBlock[] = [];
  const flush = async () => {
    if (!pending.length) return;
    const code = await runSegment(pending, state, log, env);
    if (code !== 0) throw new Error(`the guide's commands failed (exit ${code}):\n${readFileSync(log, 'utf8').split('\n').slice(-40).join('\n')}`);
    pending = [];
  };
  for (const b of blocks) {
    if (b.kind === 'run') {
      pending.push(b);
      continue;
    }
    await flush();
    if (b.tag && !manual[b.tag]) throw new Error(`docs/deploy.md:${b.line}: no equivalent for "sh manual ${b.tag}"`);
    await manual[b.tag]?.();
  }
  await flush();
}

beforeAll(async () => {
  const started = Date.now();
  tmp = mkdtempSync(path.join(tmpdir(), 'balcao-guide-'));
  chmodSync(tmp, 0o755); // the postgres user reaches its data directory inside
  mkdirSync(path.join(tmp, 'logs'));
  for (const k of Object.keys(ports) as (keyof typeof ports)[]) ports[k] = await freePort();
  pg = startPostgresWithPasswords(path.join(tmp, 'pg'), ports.pg);
  mkdirSync(path.join(tmp, 's3'));
  const S3rver = createRequire(import.meta.url)('s3rver');
  s3 = new S3rver({ address: HOST, port: ports.s3, silent: true, directory: path.join(tmp, 's3') });
  await s3.run();
  gate = await startPrivateBucketGate(ports.gate, ports.s3, S3_KEY);
  const dirs = { BALCAO_DIR: path.join(tmp, 'srv/balcao'), BALCAO_ETC: path.join(tmp, 'etc/balcao'), SYSTEMD_DIR: path.join(tmp, 'etc/systemd/system') };
  sandboxCheckout(dirs.BALCAO_DIR);
  mkdirSync(dirs.SYSTEMD_DIR, { recursive: true });
  env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: tmp,
    ...dirs,
    PUBLIC_URL: `http://${HOST}:${ports.lb}`,
    LB_BIND: `${HOST}:${ports.lb}`,
    API_A: `${HOST}:${ports.a}`,
    API_B: `${HOST}:${ports.b}`,
    API_C: `${HOST}:${ports.c}`,
    PSQL_ADMIN: pg.psqlAdmin,
    DATABASE_HOST: HOST,
    DATABASE_PORT: String(ports.pg),
    S3_ENDPOINT: `http://${HOST}:${ports.gate}`,
    S3_REGION: 'us-east-1',
    S3_BUCKET: 'balcao-guide',
    S3_ACCESS_KEY_ID: S3_KEY,
    S3_SECRET_ACCESS_KEY: S3_KEY,
    ADMIN_USERNAME: '123.456.789-09',
    ADMIN_EMAIL: 'operacao@balcao.test',
  };
  await runGuide(guideBlocks(readFileSync(path.join(repoDir, 'docs/deploy.md'), 'utf8')));
  took = Date.now() - started;
  console.log(`[deploy-guide] the guide ran in ${(took / 1000).toFixed(1)} s${process.env.KEEP_CLUSTER_TMP ? ` (logs: ${tmp}/logs)` : ''}`);
}, 240_000);

afterAll(async () => {
  if (tmp) await stopAll(tmp);
  gate?.closeAllConnections();
  await new Promise((resolve) => (gate ? gate.close(resolve) : resolve(undefined)));
  await s3?.close().catch(() => undefined);
  pg?.stop();
  if (tmp && !process.env.KEEP_CLUSTER_TMP) removeTmp(tmp);
});

describe('docs/deploy.md "Install, step by step"', () => {
  it('installs units that run what the guide says: PWA_DIR absolute, telemetry off, Restart=always, the shipped haproxy.cfg', () => {
    const instance = parseUnit(readFileSync(path.join(env.SYSTEMD_DIR, 'balcao@.service'), 'utf8'), '1337');
    expect(instance.workingDirectory).toBe(path.join(env.BALCAO_DIR, 'server'));
    expect(instance.environmentFiles).toEqual([path.join(env.BALCAO_ETC, 'balcao.env'), path.join(env.BALCAO_ETC, 'host.env')]);
    expect(instance.environment).toMatchObject({
      PORT: '1337',
      NODE_ENV: 'production',
      PWA_DIR: path.join(env.BALCAO_DIR, 'dist'),
      STRAPI_TELEMETRY_DISABLED: 'true',
    });
    expect(path.isAbsolute(instance.environment.PWA_DIR)).toBe(true);
    // the project's Node, the one this test runs on (engines)
    expect(instance.execStart).toBe(`${path.join(env.BALCAO_DIR, 'node_modules/.bin/node')} node_modules/@strapi/strapi/bin/strapi.js start`);
    expect(instance.restart).toBe('always');
    const lb = parseUnit(readFileSync(path.join(env.SYSTEMD_DIR, 'balcao-haproxy.service'), 'utf8'));
    expect(lb.execStart).toBe(`/usr/sbin/haproxy -Ws -f ${path.join(env.BALCAO_DIR, 'deploy/haproxy.cfg')}`);
    expect(lb.environmentFiles).toEqual([path.join(env.BALCAO_ETC, 'haproxy.env')]);
    expect(lb.user).toBe('haproxy');
    expect(lb.restart).toBe('always');
    // the shared file holds one set of secrets and nothing of a single host
    const shared = readFileSync(path.join(env.BALCAO_ETC, 'balcao.env'), 'utf8');
    for (const k of ['APP_KEYS', 'JWT_SECRET', 'FILE_SIGNING_SECRET', 'DATABASE_PASSWORD']) expect(shared).toMatch(new RegExp(`^${k}=\\S{32,}`, 'm'));
    expect(shared).not.toMatch(/^(HOST|PORT)=/m);
    expect(existsSync(path.join(env.BALCAO_DIR, 'server/.env'))).toBe(false);
  });

  it('every instance answers /_ready, the balancer sends requests to all three, and serves the PWA from PWA_DIR', async () => {
    for (const n of ['a', 'b', 'c'] as const) expect((await fetch(`http://${HOST}:${ports[n]}/_ready`)).status, n).toBe(200);
    const marker = `guide-${Date.now()}`;
    for (let i = 0; i < 9; i++) expect((await fetch(`${env.PUBLIC_URL}/_health?${marker}-${i}`)).status).toBe(204);
    // Strapi logs one line per request (LOG_LEVEL http); roundrobin gives each instance some of them
    await sleep(200);
    for (const n of ['a', 'b', 'c']) expect(processLog(tmp, `strapi-${n}`), n).toContain(`GET /_health?${marker}`);
    const page = await fetch(`${env.PUBLIC_URL}/sales-orders`, { headers: { 'Sec-Fetch-Dest': 'document' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('deploy guide stub');
  });

  it("step 8's upload is in the guide's bucket, which refuses an anonymous read of it", async () => {
    const s3Info = { endpoint: env.S3_ENDPOINT, bucket: env.S3_BUCKET, accessKeyId: S3_KEY, secretAccessKey: S3_KEY };
    const keys = (await bucketKeys({ s3: s3Info })).filter((k) => k.startsWith('balcao_check_'));
    expect(keys).toHaveLength(1);
    expect((await fetch(`${env.S3_ENDPOINT}/${env.S3_BUCKET}/${keys[0]}`)).status).toBe(403);
  });

  it("step 4's privacy check fails on a store that answers anonymous reads (s3rver without the gate)", async () => {
    const blocks = guideBlocks(readFileSync(path.join(repoDir, 'docs/deploy.md'), 'utf8')).filter(
      (b) => b.kind === 'run' && (b.step.startsWith('1.') || b.step.startsWith('4.')),
    );
    const log = path.join(tmp, 'logs/guide-public-store.log');
    const code = await runSegment(blocks, path.join(tmp, 'public-store-state.sh'), log, {
      ...env,
      S3_ENDPOINT: `http://${HOST}:${ports.s3}`,
      S3_BUCKET: 'balcao-public',
    });
    expect(code).not.toBe(0);
    expect(readFileSync(log, 'utf8')).toContain('bucket balcao-public answered 200 to an anonymous read: NOT private');
  });

  it("the instances' logs: ISO 8601 UTC times (24-hour clock), no ANSI codes when not on a terminal", () => {
    for (const n of ['a', 'b', 'c']) {
      const log = processLog(tmp, `strapi-${n}`);
      expect(log).not.toContain('\u001b[');
      const entries = log.split('\n').filter((l) => /^\d{4}-/.test(l));
      expect(entries.length, n).toBeGreaterThan(5);
      for (const l of entries) expect(l).toMatch(/^\d{4}-\d\d-\d\dT([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z (error|warn|info|http|verbose|debug): /);
    }
  });
});
