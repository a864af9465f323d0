import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOGINS, SEED_PASSWORD } from './helpers/api';
import { requestFrom } from './helpers/second-strapi';
import { freePort, startScript, type StartScript } from './helpers/start-script';

/**
 * `npm start` (scripts/start.mjs) with two server processes (WEB_CONCURRENCY=2) on one port and one
 * SQLite file (docs/deploy.md "One machine"). Every request opens its own connection (no keep-alive),
 * so the primary hands them to both processes in turn. When a process is killed, the requests it held
 * lose their connection: those (and only those, a reset or closed socket) are sent again, as a
 * balancer's retry would; every request must end with its answer. PostgreSQL's concurrent writers are
 * the cluster test's: the PostgreSQL run skips this file.
 */
const BOOT_MS = 180_000;

let start: StartScript;
let jwt = '';

type Answer = Awaited<ReturnType<typeof requestFrom>>;
const resets = { count: 0 };

/** One request on a new connection; a connection reset or closed before the answer is sent again (up to 3 times). */
async function call(method: string, path: string, opts: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await requestFrom(start.port, method, path, { ...opts, timeoutMs: 30_000 });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (attempt >= 3 || !['ECONNRESET', 'ECONNREFUSED', 'EPIPE'].includes(code ?? '')) throw err;
      resets.count++;
    }
  }
}
const auth = () => ({ Authorization: `Bearer ${jwt}` });

describe.skipIf(inject('database').client === 'postgres')('npm start runs one server process per core', () => {
  beforeAll(async () => {
    start = startScript({ WEB_CONCURRENCY: '2', AUTH_RATELIMIT: 'true' }, await freePort());
    await start.waitForOutput(/Balcão pronto/, BOOT_MS);
    const login = await call('POST', '/api/auth/local', { body: { identifier: LOGINS.admin, password: SEED_PASSWORD } });
    expect(login.status).toBe(200);
    jwt = login.body.jwt;
  }, BOOT_MS + 10_000);

  afterAll(async () => {
    await start?.dispose();
  });

  it('two server processes accept connections on the one port; the first booted alone; one runs the scheduled sweeps', () => {
    const pids = start.children();
    expect(new Set(pids).size).toBe(2);
    const out = start.output();
    for (const pid of pids) expect(out).toContain(`servidor (pid ${pid}) aceitando conexões`);
    // the second process was started only after the first listened (it had synced the schema and seeded)
    const [first, second] = [...out.matchAll(/servidor iniciado \(pid (\d+)/g)].map((m) => Number(m[1]));
    expect(out.indexOf(`servidor (pid ${first}) aceitando`)).toBeLessThan(out.indexOf(`servidor iniciado (pid ${second}`));
    expect(out.match(/com as tarefas agendadas/g)).toHaveLength(1);
  });

  it('50 creates at once, then 50 updates at once, from both processes on one SQLite file: no 500, no duplicate', async () => {
    const prefix = `Paralelo ${randomUUID().slice(0, 8)}`;
    const created = await Promise.all(
      Array.from({ length: 50 }, (_, i) => call('POST', '/api/vehicle-types', { headers: auth(), body: { data: { name: `${prefix} ${i}` } } })),
    );
    expect(created.map((r) => r.status)).toEqual(Array(50).fill(201));
    // an update reads the record, then writes, in one transaction: the case SQLite cannot wait for
    // unless the transaction takes the write lock first (server/src/utils/sqlite-writers.ts)
    const updated = await Promise.all(
      created.map((r, i) =>
        call('PUT', `/api/vehicle-types/${r.body.data.documentId}`, { headers: auth(), body: { data: { name: `${prefix} ${i} editado` } } }),
      ),
    );
    expect(updated.map((r) => r.status)).toEqual(Array(50).fill(200));
    const list = await call('GET', `/api/vehicle-types?filters[name][$startsWith]=${encodeURIComponent(prefix)}&pagination[pageSize]=100`, {
      headers: auth(),
    });
    expect(list.status).toBe(200);
    expect(list.body.meta.pagination.total).toBe(50);
    const names = list.body.data.map((r: { name: string }) => r.name);
    expect(new Set(names).size).toBe(50);
    expect(names.every((n: string) => n.endsWith(' editado'))).toBe(true);
  });

  it('the /auth rate limit counts once for both processes: 10 attempts a minute, not 20', async () => {
    const identifier = `ninguem-${randomUUID()}@balcao.local`;
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) statuses.push((await call('POST', '/api/auth/local', { body: { identifier, password: 'errada' } })).status);
    expect(statuses).toEqual([...Array(10).fill(400), ...Array(4).fill(429)]);
  });

  it(
    'the process with the sweeps killed with SIGKILL during 100 requests: every request is answered, a new process takes the sweeps within 2 s, the log says why',
    async () => {
      const victim = Number(start.output().match(/servidor iniciado \(pid (\d+), com as tarefas agendadas\)/)![1]);
      expect(start.children()).toContain(victim);
      const startsBefore = start.output().match(/servidor iniciado \(pid \d+/g)!.length;
      const nextStart = new RegExp(
        `(?:[\\s\\S]*?servidor iniciado \\(pid \\d+){${startsBefore}}[\\s\\S]*?servidor iniciado \\(pid (\\d+)(, com as tarefas agendadas)?`,
      );
      const statuses: number[] = [];
      let next = 0;
      const kill: { replaced?: Promise<{ match: RegExpMatchArray; afterMs: number }> } = {};
      const resetsBefore = resets.count;
      const client = async () => {
        while (next < 100) {
          const i = next++;
          if (i === 30) {
            const killedAt = Date.now();
            process.kill(victim, 'SIGKILL');
            kill.replaced = start.waitForOutput(nextStart, 10_000).then((match) => ({ match, afterMs: Date.now() - killedAt }));
          }
          statuses.push((await call('GET', '/api/vehicle-types?pagination[pageSize]=5', { headers: auth() })).status);
        }
      };
      await Promise.all([0, 1, 2, 3].map(client));
      expect(statuses).toEqual(Array(100).fill(200));
      const { match, afterMs } = await kill.replaced!;
      expect(start.output()).toMatch(new RegExp(`o servidor \\(pid ${victim}\\) terminou \\(sinal SIGKILL\\); iniciando de novo`));
      const replacement = Number(match[1]);
      console.log(
        `[cores] 100 requests answered, ${resets.count - resetsBefore} sent again after a reset connection; new process ${afterMs} ms after the kill`,
      );
      expect(afterMs).toBeLessThan(2000);
      expect(match[2], 'the new process runs the scheduled sweeps').toBe(', com as tarefas agendadas');
      await start.waitForOutput(new RegExp(`servidor \\(pid ${replacement}\\) aceitando conexões`), BOOT_MS);
      const now = start.children();
      expect(now).toHaveLength(2);
      expect(now).toContain(replacement);
      expect(now).not.toContain(victim);
    },
    BOOT_MS + 30_000,
  );
});
