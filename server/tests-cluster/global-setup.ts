import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { bucketKeys, duplicateSeedRows, tableCounts } from './db';
import { HOST, PORTS, removeTmp, serverDir, startHaproxy, startInstance, startPostgres, startPrivateBucketGate, stopAll, type ClusterInfo } from './cluster';

/**
 * Starts the whole test cluster (tests-cluster/cluster.ts) once for `npm run test:cluster`:
 * compiles the server (tsc → server/dist), starts PostgreSQL on an empty database, s3rver with an
 * empty private bucket, then BOTH Strapi instances at the same moment (the "seed exactly once" case),
 * then HAProxy with deploy/haproxy.cfg. The API tests see the balancer: `inject('apiUrl')`.
 * Teardown stops every process and deletes the temporary directory.
 */
export default async function setup(project: TestProject) {
  const tmp = mkdtempSync(path.join(tmpdir(), 'balcao-cluster-'));
  const log = (msg: string) => console.log(`[cluster] ${msg}`);
  let pg: ReturnType<typeof startPostgres> | null = null;
  let s3: any = null;
  let gate: Awaited<ReturnType<typeof startPrivateBucketGate>> | null = null;
  const teardown = async () => {
    await stopAll(tmp);
    gate?.closeAllConnections();
    await new Promise((resolve) => (gate ? gate.close(resolve) : resolve(undefined)));
    await s3?.close().catch(() => undefined);
    pg?.stop();
    if (process.env.KEEP_CLUSTER_TMP) log(`logs kept in ${tmp}`);
    else removeTmp(tmp);
  };
  try {
    const compile = spawnSync(process.execPath, [path.join(serverDir, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], {
      cwd: serverDir,
      encoding: 'utf8',
    });
    if (compile.status !== 0 && !existsSync(path.join(serverDir, 'dist/src/index.js'))) throw new Error(`tsc failed:\n${compile.stdout}`);

    pg = startPostgres(tmp);
    log(`PostgreSQL on ${HOST}:${PORTS.pg}`);

    const S3rver = createRequire(import.meta.url)('s3rver');
    const bucket = 'balcao';
    mkdirSync(path.join(tmp, 's3'), { recursive: true });
    s3 = new S3rver({ address: HOST, port: PORTS.s3Store, silent: true, directory: path.join(tmp, 's3'), configureBuckets: [{ name: bucket }] });
    await s3.run();
    gate = await startPrivateBucketGate(PORTS.s3, PORTS.s3Store, 'S3RVER');
    log(`s3rver on ${HOST}:${PORTS.s3Store}, private behind the gate on ${HOST}:${PORTS.s3}`);

    const secret = () => randomBytes(16).toString('hex');
    const s3Info = { endpoint: `http://${HOST}:${PORTS.s3}`, bucket, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      HOST,
      APP_KEYS: [secret(), secret()].join(','),
      API_TOKEN_SALT: secret(),
      ADMIN_JWT_SECRET: secret(),
      TRANSFER_TOKEN_SALT: secret(),
      JWT_SECRET: secret(),
      ENCRYPTION_KEY: secret(),
      FILE_SIGNING_SECRET: secret(),
      DATABASE_CLIENT: 'postgres',
      DATABASE_HOST: HOST,
      DATABASE_PORT: String(PORTS.pg),
      DATABASE_NAME: pg.database,
      DATABASE_USERNAME: pg.user,
      DATABASE_PASSWORD: 'postgres',
      DATABASE_SSL: 'false',
      UPLOAD_PROVIDER: 's3',
      S3_ENDPOINT: s3Info.endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: s3Info.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3Info.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      // HAProxy is the one proxy hop the instances trust (X-Forwarded-For → the /auth rate limit)
      TRUST_PROXY_HOPS: '1',
      AUTH_RATELIMIT: 'true',
      EMAIL_OUTBOX_DIR: path.join(tmp, 'email-outbox'),
      // each instance its own local public dir: nothing may depend on one instance's disk
      PUBLIC_DIR: path.join(tmp, 'public'),
      LOG_LEVEL: 'info',
      STRAPI_TELEMETRY_DISABLED: 'true',
      STRAPI_DISABLE_UPDATE_NOTIFICATION: 'true',
      // the sweeps run every 2 s on both instances (files must still be an hour old to go)
      UNATTACHED_FILE_SWEEP_RULE: '*/2 * * * * *',
      UNATTACHED_FILE_TTL_HOURS: '1',
      IDEMPOTENCY_SWEEP_RULE: '*/2 * * * * *',
      SHUTDOWN_TIMEOUT_MS: '20000',
    };
    const info: ClusterInfo = {
      tmp,
      lbUrl: `http://${HOST}:${PORTS.lb}`,
      instances: { a: `http://${HOST}:${PORTS.a}`, b: `http://${HOST}:${PORTS.b}` },
      env,
      s3: s3Info,
      pg: { host: HOST, port: PORTS.pg, database: pg.database, user: pg.user },
      bootMs: 0,
      boot: { counts: {}, duplicates: {}, objects: 0 },
    };
    const started = Date.now();
    await Promise.all([startInstance(info, 'a'), startInstance(info, 'b')]);
    info.bootMs = Date.now() - started;
    log(`instances A and B started together on the empty database in ${info.bootMs} ms`);
    // what the simultaneous start left, before any test writes
    info.boot = { counts: await tableCounts(info), duplicates: await duplicateSeedRows(info), objects: (await bucketKeys(info)).length };
    await startHaproxy(tmp);
    log(`HAProxy on ${info.lbUrl} (deploy/haproxy.cfg)`);

    project.provide('apiUrl', `${info.lbUrl}/api`);
    project.provide('originUrl', info.lbUrl);
    project.provide('emailOutbox', env.EMAIL_OUTBOX_DIR);
    project.provide('cluster', info);
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}

declare module 'vitest' {
  export interface ProvidedContext {
    cluster: ClusterInfo;
  }
}
