import http from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { apiUrl, LOGINS, SEED_PASSWORD } from './helpers/api';
import { generateRequests, type FuzzModel, type FuzzRequest, type FuzzRole } from './helpers/fuzz';

/**
 * Query and body fuzzing (issue 8 item 6 and "Tests that generate the attacks"): fast-check
 * generates filters, sorts, pagination, populate and write bodies for EVERY content-API route
 * Strapi reports at run time (global-setup's `contentApi`: route table + content-type schemas),
 * sent as the administrator, each scoped role and anonymously. No request may answer 5xx or fail
 * at the network level.
 *
 * - FUZZ_RUNS (default 5000): at least that many requests per run, shared over the routes by weight; FUZZ_SEED replays a run (the seed is printed at the
 *   start and in every failure); FUZZ_CONCURRENCY (default 4) requests in flight, keep-alive.
 * - Writes (PUT) may change seeded rows, so this file runs last (vitest.config.ts's sequencer);
 *   DELETE only targets bogus ids or rows this run created; the seeded logins and their roles are
 *   never a PUT target, so every role keeps working.
 * - The totals (requests, status histogram, 5xx) are logged as `[fuzz] {...}` for the lead's report.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 5000);
const SEED = process.env.FUZZ_SEED !== undefined ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 4);

describe('query and body fuzzing', () => {
  it(`zero 5xx in ${RUNS} generated requests over every route (seed ${SEED})`, { timeout: 30 * 60_000 }, async () => {
    const { routes, contentTypes } = inject('contentApi');
    const model: FuzzModel = { routes, types: new Map(contentTypes.map((c) => [c.uid, c])) };
    const origin = apiUrl().replace(/\/api$/, '');
    console.log(`[fuzz] seed=${SEED} runs=${RUNS} routes=${routes.length} content-types=${contentTypes.length} (replay: FUZZ_SEED=${SEED})`);

    // Logins of every role; refreshed when a generated request (a logout, a password change) ends a session.
    const tokens = new Map<FuzzRole, string | null>();
    const login = async (role: FuzzRole) => {
      if (role === 'anonymous') return null;
      const res = await fetch(`${origin}/api/auth/local`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ identifier: LOGINS[role], password: SEED_PASSWORD }),
      });
      const token = res.ok ? ((await res.json()) as any).jwt : null;
      tokens.set(role, token);
      return token;
    };
    for (const role of ['admin', 'despachante', 'concessionaria', 'vendedor'] as const) expect(await login(role), `login ${role}`).toBeTruthy();

    // Id pools per content-type, read as the administrator; the seeded logins are never a write target.
    const auth = { Authorization: `Bearer ${tokens.get('admin')}` };
    const loginIds = new Set<string>();
    for (const role of ['admin', 'despachante', 'concessionaria', 'vendedor'] as const) {
      const me = (await (await fetch(`${origin}/api/users/me?populate=role`, { headers: { Authorization: `Bearer ${tokens.get(role)}` } })).json()) as any;
      loginIds.add(String(me.id)).add(String(me.documentId));
      if (me.role?.id) loginIds.add(`role:${me.role.id}`);
    }
    const pool = new Map<string, string[]>();
    for (const ct of contentTypes) {
      const list = routes.find((r) => r.method === 'GET' && r.uid === ct.uid && !r.path.includes(':') && !r.path.includes('('));
      if (!list) continue;
      const res = await fetch(`${origin}${list.path}?pagination[pageSize]=20`, { headers: auth });
      const body = (await res.json().catch(() => null)) as any;
      const rows: any[] = Array.isArray(body) ? body : Array.isArray(body?.data) ? body.data : Array.isArray(body?.roles) ? body.roles : [];
      const isRole = ct.uid === 'plugin::users-permissions.role';
      pool.set(
        ct.uid,
        rows
          .flatMap((r) => [r.id, r.documentId].filter((v) => v != null).map(String))
          .filter((v) => !loginIds.has(v) && !(isRole && loginIds.has(`role:${v}`))),
      );
    }
    const created = new Map<string, string[]>();
    const idsOf = (uid: string) => pool.get(uid) ?? [];

    const requests = generateRequests(model, idsOf, SEED, RUNS);

    // One keep-alive agent; an idle socket is dropped after 2 s, well before the server's 5 s keepAliveTimeout.
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY, timeout: 2000 });
    const { hostname, port } = new URL(origin);
    let keepAliveRetries = 0;
    /**
     * One HTTP request on the shared agent. A reset of a REUSED idle socket before any answer is the
     * documented keep-alive race (the server closed it as we sent): retried once on a new socket and
     * counted; any other network error is a failure of the run.
     */
    const request = (method: string, path: string, headers: Record<string, string>, body?: string, retry = true): Promise<{ status: number; text: string }> =>
      new Promise((resolve, reject) => {
        const req = http.request(
          {
            host: hostname,
            port,
            path,
            method,
            agent,
            headers: body === undefined ? headers : { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
            res.on('error', reject);
          },
        );
        req.setTimeout(60_000, () => req.destroy(new Error('timeout after 60 s')));
        req.on('error', (err: any) => {
          if (retry && req.reusedSocket && err.code === 'ECONNRESET') {
            keepAliveRetries++;
            resolve(request(method, path, headers, body, false));
          } else reject(err);
        });
        req.end(body);
      });
    const histogram: Record<string, number> = {};
    const timing: Record<string, { n: number; ms: number }> = {};
    const failures: string[] = [];
    let sent = 0;
    const describe = (req: FuzzRequest, path: string) =>
      `${req.role} ${req.method} ${path}${'json' in (req.body ?? {}) ? ` ${JSON.stringify((req.body as any).json).slice(0, 400)}` : req.body ? ` [${(req.body as any).contentType}] ${(req.body as any).raw.slice(0, 200)}` : ''}`;

    const send = async (req: FuzzRequest) => {
      const uid = req.route.uid ?? '';
      const fromCreated = created.get(uid) ?? [];
      const fromPool = idsOf(uid);
      const id =
        req.idPick.kind === 'created' && fromCreated.length
          ? fromCreated[req.idPick.n % fromCreated.length]
          : req.idPick.kind === 'pool' && fromPool.length
            ? fromPool[req.idPick.n % fromPool.length]
            : req.idPick.bogus;
      const path = req.route.path.replace(/:[A-Za-z_]+|\(\.\*\)/g, encodeURI(id)) + (req.query ? `?${req.query}` : '');
      const headers: Record<string, string> = {};
      let token = tokens.get(req.role) ?? null;
      if (req.role !== 'anonymous' && !token) token = await login(req.role);
      if (token) headers.Authorization = `Bearer ${token}`;
      let body: string | undefined;
      if (req.body && 'json' in req.body) {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(req.body.json) ?? 'null';
      } else if (req.body) {
        headers['Content-Type'] = req.body.contentType;
        body = req.body.raw;
      }
      let status: number;
      let text = '';
      const t0 = Date.now();
      try {
        ({ status, text } = await request(req.method, path, headers, body));
      } catch (err) {
        status = 0;
        text = `${String(err)} (${(err as any)?.code ?? ''})`;
      }
      sent++;
      const key = `${req.route.method} ${req.route.path}`;
      const t = (timing[key] ??= { n: 0, ms: 0 });
      t.n++;
      t.ms += Date.now() - t0;
      histogram[status] = (histogram[status] ?? 0) + 1;
      if (status >= 500 || status === 0) failures.push(`${status} ${describe(req, path)} → ${text.slice(0, 300)}`);
      if (status === 401 && token) tokens.set(req.role, null);
      if (req.method === 'POST' && (status === 200 || status === 201) && uid) {
        try {
          const parsed = JSON.parse(text);
          const row = parsed?.data ?? parsed;
          const ref = row?.documentId ?? row?.id;
          if (ref != null && !Array.isArray(row)) created.set(uid, [...(created.get(uid) ?? []), String(ref)]);
        } catch {
          /* not JSON: nothing to remember */
        }
      }
    };

    const started = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < requests.length) await send(requests[next++]);
      }),
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    agent.destroy();
    const fivexx = Object.entries(histogram)
      .filter(([s]) => Number(s) >= 500)
      .reduce((n, [, c]) => n + c, 0);
    const byMethod = requests.reduce<Record<string, number>>((acc, r) => ((acc[r.method] = (acc[r.method] ?? 0) + 1), acc), {});
    const routesHit = new Set(requests.map((r) => `${r.route.method} ${r.route.path}`)).size;
    console.log(
      `[fuzz] ${JSON.stringify({ seed: SEED, database: process.env.DATABASE_CLIENT ?? 'sqlite', requests: sent, routes: routes.length, routesHit, byMethod, histogram, fivexx, networkErrors: histogram[0] ?? 0, keepAliveRetries, created: [...created.values()].reduce((n, l) => n + l.length, 0), seconds: Number(seconds) })}`,
    );
    const slowest = Object.entries(timing)
      .map(([k, t]) => `${k} ${Math.round(t.ms / t.n)} ms × ${t.n}`)
      .sort((a, b) => parseInt(b.split(' ').at(-3)!) - parseInt(a.split(' ').at(-3)!));
    console.log(`[fuzz] slowest routes (mean): ${slowest.slice(0, 6).join('; ')}`);

    expect(sent).toBeGreaterThanOrEqual(RUNS);
    expect(routesHit, 'every route is fuzzed').toBe(routes.length);
    expect(failures, `FUZZ_SEED=${SEED} reproduces this run; ${failures.length} requests failed:\n${failures.slice(0, 25).join('\n')}`).toEqual([]);
  });
});
