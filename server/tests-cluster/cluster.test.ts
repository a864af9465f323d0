import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { signPath } from '../src/utils/signed-url';
import { requestFrom } from '../tests/helpers/second-strapi';
import { fileForm, SAMPLES } from '../tests/helpers/files';
import { LOGINS, SEED_PASSWORD } from '../tests/helpers/api';
import { PORTS, processLog, sleep, startInstance, stopInstance, type InstanceName } from './cluster';
import { bucketKeys, tableCounts, withPg } from './db';

/**
 * The claims of docs/deploy.md, proven on the running cluster (tests-cluster/global-setup.ts):
 * HAProxy (deploy/haproxy.cfg) → Strapi A and B (server/dist) → one PostgreSQL, files on s3rver.
 * Requests go to A or B directly where the test must know which instance answers, through the
 * balancer otherwise. Figures (request counts, durations) are printed with a `[cluster]` prefix.
 */
const info = inject('cluster');
const base = (to: InstanceName | 'lb') => (to === 'lb' ? info.lbUrl : info.instances[to]);
const figure = (msg: string) => console.log(`[cluster] ${msg}`);

interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

/** One request to instance A, B or the balancer; a JSON body is sent as JSON, FormData as multipart. */
async function call(to: InstanceName | 'lb', method: string, path: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(`${base(to)}${path}`, { method, headers, body });
  const buf = Buffer.from(await res.arrayBuffer());
  let parsed: any = buf;
  if ((res.headers.get('content-type') ?? '').includes('json')) parsed = buf.length ? JSON.parse(buf.toString()) : null;
  return { status: res.status, body: parsed, headers: res.headers } as Answer;
}

const tokens = new Map<string, string>();
/** JWT of a seeded login, obtained once through instance A (a JWT from A is valid on B: one JWT_SECRET). */
async function token(who: keyof typeof LOGINS): Promise<string> {
  if (!tokens.has(who)) {
    const res = await call('a', 'POST', '/api/auth/local', { body: { identifier: LOGINS[who], password: SEED_PASSWORD } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    tokens.set(who, res.body.jwt);
  }
  return tokens.get(who)!;
}

/**
 * POST /api/upload straight to `port`, its multipart body sent in two halves: the second only once
 * `gate` resolves. Meanwhile the request is in flight on that instance (the moment to SIGTERM it).
 */
function slowUpload(port: number, jwt: string, name: string, bytes: Buffer, gate: Promise<void>): Promise<{ status: number; body: any }> {
  const boundary = `----cluster${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/upload',
        agent: false,
        headers: { Authorization: `Bearer ${jwt}`, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(payload.length) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString() || 'null') }));
      },
    );
    req.on('error', reject);
    const half = Math.floor(payload.length / 2);
    req.write(payload.subarray(0, half));
    gate.then(() => req.end(payload.subarray(half)), reject);
  });
}

const uniquePdf = () => Buffer.concat([SAMPLES.pdf, Buffer.from(`% ${randomUUID()}\n`)]);

async function orderAndMethod(jwt: string) {
  const orders = await call('lb', 'GET', '/api/sales-orders?pagination[pageSize]=1&sort[0]=id:asc', { token: jwt });
  const methods = await call('lb', 'GET', '/api/payment-methods?pagination[pageSize]=1', { token: jwt });
  expect(orders.status).toBe(200);
  return { order: orders.body.data[0], method: methods.body.data[0] };
}

const payment = (orderId: number, methodId: number, customId: string) => ({
  data: {
    pedido_id: orderId,
    payment_method_id: methodId,
    amount_original: 150.5,
    amount_final: 150.5,
    installments: 1,
    status_in: 'pending',
    payment_date: new Date().toISOString(),
    custom_document_id: customId,
  },
});

describe('two instances starting at once on an empty database', () => {
  it('seed it exactly once: no duplicate roles, users, permissions or demo rows', () => {
    figure(`both instances up after ${info.bootMs} ms`);
    expect(info.boot.duplicates).toEqual({ roles: 0, users: 0, states: 0, permissions: 0, vehicleTypes: 0, paymentMethods: 0 });
    expect(info.boot.counts).toMatchObject({ states: 27, vehicle_types: 6, payment_methods: 6, customers: 60, sales_orders: 300 });
    // the seeded order documents' files went to the bucket, one object per file row
    expect(info.boot.objects).toBe(info.boot.counts.files);
    // one of the two waited for the other's boot lock (utils/cluster.ts)
    const waited = (['a', 'b'] as const).filter((n) => /\[boot-lock\] waited/.test(processLog(info.tmp, `strapi-${n}`)));
    expect(waited.length).toBeGreaterThanOrEqual(1);
  });
});

describe('idempotency across instances', () => {
  it('20 concurrent duplicates of one payment, 10 to A and 10 to B, create one row', async () => {
    const jwt = await token('despachante');
    const { order, method } = await orderAndMethod(jwt);
    const customId = `SO-${order.id}-cluster-${Date.now()}`;
    const key = randomUUID();
    const body = payment(order.id, method.id, customId);
    const all = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(i % 2 ? 'b' : 'a', 'POST', '/api/receivables', { token: jwt, body, headers: { 'Idempotency-Key': key } })),
    );
    expect(all.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(new Set(all.map((r) => r.body.data.documentId)).size).toBe(1);
    expect(all.filter((r) => r.headers.get('idempotent-replayed') === 'true').length).toBe(19);
    const rows = await withPg(info, (c) => c.query('SELECT count(*)::int AS n FROM receivables WHERE custom_document_id = $1', [customId]));
    expect(rows.rows[0].n).toBe(1);
  });

  it('20 concurrent duplicates of one upload, 10 to A and 10 to B, create one file and one object', async () => {
    const jwt = await token('admin');
    const key = randomUUID();
    const name = `cluster-${key}.pdf`;
    const bytes = uniquePdf();
    const before = await bucketKeys(info);
    const all = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(i % 2 ? 'b' : 'a', 'POST', '/api/upload', { token: jwt, body: fileForm(name, bytes), headers: { 'Idempotency-Key': key } }),
      ),
    );
    expect(all.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(new Set(all.map((r) => r.body[0].id)).size).toBe(1);
    const rows = await withPg(info, (c) => c.query('SELECT count(*)::int AS n FROM files WHERE name = $1', [name]));
    expect(rows.rows[0].n).toBe(1);
    const after = await bucketKeys(info);
    expect(after.length - before.length).toBe(1);
    expect(after).toContain(all[0].body[0].url.replace('/uploads/', ''));
  });
});

describe('files on the private bucket, opened through signed URLs', () => {
  it('a file uploaded through A opens through a signed URL obtained from B; tampered or expired is refused; the bucket refuses anonymous reads', async () => {
    const jwt = await token('admin');
    const bytes = uniquePdf();
    const up = await call('a', 'POST', '/api/upload', { token: jwt, body: fileForm('crlv-cluster.pdf', bytes) });
    expect(up.status).toBe(201);
    const file = up.body[0];
    expect(file.url).toMatch(/^\/uploads\/[^/]+\.pdf$/);
    expect(file.provider).toBe('aws-s3');

    const signed = await call('b', 'GET', `/api/document-types/get-signed-url?fileDocId=${file.documentId}`, { token: jwt });
    expect(signed.status).toBe(200);
    const url: string = signed.body.data.signedUrl;
    expect(url.startsWith(`${file.url}?expires=`)).toBe(true);
    for (const to of ['a', 'b', 'lb'] as const) {
      const open = await call(to, 'GET', url);
      expect(open.status).toBe(200);
      expect(open.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.compare(open.body, bytes)).toBe(0);
    }
    // nothing on either instance's disk: the bytes live in the bucket only
    for (const n of ['a', 'b']) expect(readdirSync(`${info.env.PUBLIC_DIR}-${n}/uploads`)).toEqual([]);
    // the bucket is private: the object is there for the app's signed requests, never for an anonymous
    // reader nor for another access key (every call of this suite went through that gate)
    const key = file.url.replace('/uploads/', '');
    expect(await bucketKeys(info)).toContain(key);
    const objectUrl = `${info.s3.endpoint}/${info.s3.bucket}/${key}`;
    const anonymous = await fetch(objectUrl);
    expect(anonymous.status).toBe(403);
    expect(await anonymous.text()).toContain('<Code>AccessDenied</Code>');
    const otherKey = await fetch(objectUrl, {
      headers: { Authorization: 'AWS4-HMAC-SHA256 Credential=OUTRA/20260101/us-east-1/s3/aws4_request, SignedHeaders=host, Signature=00' },
    });
    expect(otherKey.status).toBe(403);

    const u = new URL(url, info.lbUrl);
    const sig = u.searchParams.get('signature')!;
    const tampered = `${u.pathname}?expires=${u.searchParams.get('expires')}&signature=${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`;
    const tamperedRes = await call('lb', 'GET', tampered);
    expect(tamperedRes.status).toBe(403);
    expect(tamperedRes.body.error.message).toBe('Acesso negado: Você não tem permissão para acessar este arquivo');
    const later = `${u.pathname}?expires=${Number(u.searchParams.get('expires')) + 3600}&signature=${sig}`;
    expect((await call('lb', 'GET', later)).status).toBe(403);
    const past = Math.floor(Date.now() / 1000) - 5;
    process.env.FILE_SIGNING_SECRET = info.env.FILE_SIGNING_SECRET;
    const expired = await call('a', 'GET', `${u.pathname}?expires=${past}&signature=${signPath(u.pathname, past)}`);
    expect(expired.status).toBe(410);
    expect(expired.body.error.message).toBe('Link expirado: gere uma nova URL assinada para acessar este arquivo');

    // the spec's texts of get-signed-url are the same through the balancer
    const anon = await call('lb', 'GET', `/api/document-types/get-signed-url?fileDocId=${file.documentId}`);
    expect(anon.status).toBe(401);
    expect(anon.body.error.message).toBe('Não autenticado: Faça login para acessar este arquivo');
    const missing = await call('lb', 'GET', '/api/document-types/get-signed-url?fileDocId=naoexiste123', { token: jwt });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Arquivo não encontrado no storage');
    const notMine = await call('lb', 'GET', `/api/document-types/get-signed-url?fileDocId=${file.documentId}`, { token: await token('despachante') });
    expect(notMine.status).toBe(403);
    expect(notMine.body.error.message).toBe('Acesso negado: Você não tem permissão para acessar este arquivo');
  });
});

describe('scheduled sweeps run on every instance, safely', () => {
  it('the unattached-files sweep of both instances deletes each old file once, row and object, and keeps the rest', async () => {
    const jwt = await token('admin');
    const ups = await Promise.all(
      [0, 1, 2].map((i) => call(i % 2 ? 'b' : 'a', 'POST', '/api/upload', { token: jwt, body: fileForm(`sweep-${i}.pdf`, uniquePdf()) })),
    );
    const files = ups.map((u) => u.body[0]);
    const old = files.slice(0, 2).map((f) => f.id);
    await withPg(info, (c) => c.query(`UPDATE files SET created_at = now() - interval '2 hours' WHERE id = ANY($1)`, [old]));
    const deadline = Date.now() + 20_000;
    let left = old.length;
    while (Date.now() < deadline && left > 0) {
      await sleep(500);
      left = (await withPg(info, (c) => c.query('SELECT count(*)::int AS n FROM files WHERE id = ANY($1)', [old]))).rows[0].n;
    }
    expect(left).toBe(0);
    const keys = await bucketKeys(info);
    for (const f of files.slice(0, 2)) expect(keys).not.toContain(f.url.replace('/uploads/', ''));
    expect(keys).toContain(files[2].url.replace('/uploads/', ''));
    expect((await withPg(info, (c) => c.query('SELECT count(*)::int AS n FROM files WHERE id = $1', [files[2].id]))).rows[0].n).toBe(1);
    for (const n of ['a', 'b'] as const) expect((await call(n, 'GET', '/_health')).status).toBe(204);
  });

  it('the expired idempotency keys are swept by both instances; live ones stay', async () => {
    const jwt = await token('despachante');
    const { order, method } = await orderAndMethod(jwt);
    const live = randomUUID();
    expect(
      (
        await call('lb', 'POST', '/api/receivables', {
          token: jwt,
          body: payment(order.id, method.id, `SO-${order.id}-live-${Date.now()}`),
          headers: { 'Idempotency-Key': live },
        })
      ).status,
    ).toBe(201);
    const expired = Array.from({ length: 10 }, () => `expired-${randomUUID()}`);
    await withPg(info, async (c) => {
      for (const k of expired) {
        await c.query(
          `INSERT INTO idempotency_keys (document_id, scope_key, user_id, idem_key, method_path, request_hash, completed, created_at, updated_at)
           VALUES ($1, $1, 1, $1, 'POST /api/receivables', 'x', true, now() - interval '9 days', now() - interval '9 days')`,
          [k],
        );
      }
    });
    const deadline = Date.now() + 15_000;
    let left = expired.length;
    while (Date.now() < deadline && left > 0) {
      await sleep(500);
      left = (await withPg(info, (c) => c.query('SELECT count(*)::int AS n FROM idempotency_keys WHERE scope_key = ANY($1)', [expired]))).rows[0].n;
    }
    expect(left).toBe(0);
    const kept = await withPg(info, (c) => c.query('SELECT count(*)::int AS n FROM idempotency_keys WHERE idem_key = $1', [live]));
    expect(kept.rows[0].n).toBe(1);
  });
});

describe('the /auth rate limit across instances', () => {
  it('counts in one shared store: alternating A and B allows 10 attempts a minute, not 20', async () => {
    const identifier = `ninguem-${randomUUID()}@balcao.local`;
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      const port = i % 2 ? PORTS.b : PORTS.a;
      // the balancer's hop, as A and B trust it (TRUST_PROXY_HOPS=1): the client is 127.0.0.77
      const res = await requestFrom(port, 'POST', '/api/auth/local', {
        headers: { 'X-Forwarded-For': '127.0.0.77' },
        body: { identifier, password: 'errada' },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(10).fill(400), ...Array(4).fill(429)]);
  });

  it('through the balancer, a client cannot multiply the limit by the number of instances', async () => {
    const identifier = `ninguem-${randomUUID()}@balcao.local`;
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      const res = await requestFrom(PORTS.lb, 'POST', '/api/auth/local', { localAddress: '127.0.0.78', body: { identifier, password: 'errada' } });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(10).fill(400), ...Array(4).fill(429)]);
    const last = await requestFrom(PORTS.lb, 'POST', '/api/auth/local', { localAddress: '127.0.0.78', body: { identifier, password: 'errada' } });
    expect(last.body.error.message).toBe('Muitas tentativas. Aguarde um minuto e tente novamente.');
  });
});

describe('request ids through the balancer', () => {
  it("HAProxy gives each request a UUID in place of the client's; the instance answers it; HAProxy's ISO-timed line ends with it", async () => {
    const res = await call('lb', 'GET', '/api/states', { headers: { 'X-Request-Id': 'client-chosen-0001' } });
    const id = res.headers.get('x-request-id') ?? '';
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const deadline = Date.now() + 5000;
    const lineOf = () =>
      processLog(info.tmp, 'haproxy')
        .split('\n')
        .find((l) => l.endsWith(` ${id}`));
    while (!lineOf() && Date.now() < deadline) await sleep(100);
    expect(lineOf()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z .* "GET \/api\/states HTTP\/1\.1" [0-9a-f-]{36}$/);
  });
});

describe('rolling restart', () => {
  it('SIGTERM to one instance, then the other, while requests flow: every accepted request is answered, none is lost or doubled; restarts seed nothing', async () => {
    const jwt = await token('despachante');
    const { order, method } = await orderAndMethod(jwt);
    const prefix = `SO-${order.id}-rolling-${Date.now()}`;
    const countsBefore = await tableCounts(info);
    const answered = { get: 0, post: 0 };
    const failures: string[] = [];
    let created = 0;
    let n = 0;
    let flowing = true;
    const MAX_REQUESTS = 4000;
    const worker = async (w: number) => {
      while (flowing && n < MAX_REQUESTS) {
        const i = n++;
        try {
          if (i % 3 === 0) {
            const res = await call('lb', 'POST', '/api/receivables', { token: jwt, body: payment(order.id, method.id, `${prefix}-${w}-${i}`) });
            if (res.status === 201) created++;
            else failures.push(`POST ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
            answered.post++;
          } else {
            const res = await call('lb', 'GET', '/api/sales-orders?pagination[pageSize]=5', { token: jwt });
            if (res.status !== 200) failures.push(`GET ${res.status}`);
            answered.get++;
          }
        } catch (e) {
          failures.push(
            `no answer (${i % 3 === 0 ? 'POST' : 'GET'} #${i} at ${Date.now() - started} ms): ${(e as Error).message} ${String((e as any).cause?.code ?? (e as any).cause?.message ?? '')}`,
          );
        }
        await sleep(20);
      }
    };
    const started = Date.now();
    const flow = Promise.all([0, 1, 2, 3].map(worker));
    await sleep(1000);
    const timings: string[] = [];
    /** How many times HAProxy has logged instance `n` coming up (its health checks passing again). */
    const upCount = (n: string) => (processLog(info.tmp, 'haproxy').match(new RegExp(`Server strapi/${n} is UP`, 'g')) ?? []).length;
    for (const name of ['a', 'b'] as const) {
      // an upload half-sent straight to the instance: in flight when the SIGTERM comes, it must finish
      let open!: () => void;
      const gate = new Promise<void>((r) => (open = r));
      const upload = slowUpload(name === 'a' ? PORTS.a : PORTS.b, jwt, `inflight-${name}.pdf`, uniquePdf(), gate);
      await sleep(300);
      const upsBefore = upCount(name);
      figure(`SIGTERM to ${name} at ${Date.now() - started} ms`);
      const stopping = stopInstance(info.tmp, name);
      // the instance drains (its /_ready answers 503, HAProxy takes it out), then closes its port:
      // only then does the rest of the upload arrive
      const deadline = Date.now() + 15_000;
      while (!/\[shutdown\] no new connections/.test(processLog(info.tmp, `strapi-${name}`)) && Date.now() < deadline) await sleep(100);
      expect(processLog(info.tmp, `strapi-${name}`)).toMatch(/\[shutdown\] SIGTERM: draining/);
      open();
      const uploaded = await upload;
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
      expect((await withPg(info, (c) => c.query('SELECT count(*)::int AS n FROM files WHERE id = $1', [uploaded.body[0].id]))).rows[0].n).toBe(1);
      const stopMs = await stopping;
      const t = Date.now();
      await startInstance(info, name);
      timings.push(`${name}: stopped in ${stopMs} ms, back in ${Date.now() - t} ms`);
      // the balancer's health check (rise 2 × 500 ms) puts it back: HAProxy says so in its log
      const back = Date.now() + 15_000;
      while (upCount(name) <= upsBefore && Date.now() < back) await sleep(100);
      expect(upCount(name), `HAProxy puts ${name} back`).toBeGreaterThan(upsBefore);
    }
    await sleep(1000);
    flowing = false;
    await flow;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    figure(`rolling restart: ${answered.get + answered.post} requests (${answered.get} GET, ${answered.post} POST) in ${seconds} s; ${timings.join('; ')}`);
    for (const name of ['a', 'b'] as const) {
      const log = processLog(info.tmp, `strapi-${name}`);
      const inFlight = log.match(/\[shutdown\] no new connections; (\d+) request\(s\) in flight/);
      expect(inFlight, `strapi-${name} shut down gracefully`).not.toBeNull();
      expect(Number(inFlight![1])).toBeGreaterThanOrEqual(1); // at least the half-sent upload
      expect(log).toContain('[shutdown] requests finished; stopping');
      figure(`strapi-${name}: ${inFlight?.[1]} request(s) in flight at SIGTERM, all finished`);
    }
    expect(failures).toEqual([]);
    const rows = await withPg(info, (c) => c.query('SELECT count(*)::int AS n FROM receivables WHERE custom_document_id LIKE $1', [`${prefix}-%`]));
    expect(rows.rows[0].n).toBe(created);
    expect(created).toBe(answered.post);
    // restarts seed nothing: every seeded table but the receivables this test wrote has the same row count
    const countsAfter = await tableCounts(info);
    // (files: +2, the two uploads that were in flight at the SIGTERMs)
    expect({ ...countsAfter, receivables: 0, files: countsAfter.files - 2 }).toEqual({ ...countsBefore, receivables: 0 });
    expect(countsAfter.receivables - countsBefore.receivables).toBe(created);
  }, 300_000);
});
