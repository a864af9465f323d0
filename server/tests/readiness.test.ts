import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { originUrl } from './helpers/api';
import { startTarget, type Target } from './helpers/fuzz-target';

/**
 * Liveness (`/_health`) and readiness (`/_ready`), docs/deploy.md "Health and readiness".
 *
 * The outage runs only on PostgreSQL (`npm run test:pg -- tests/readiness.test.ts`): an SQLite file
 * is opened once by the process itself and a `select 1` on it cannot fail. A second Strapi
 * (`strapi start`, fuzz-target.ts) reaches the run's PostgreSQL through a TCP relay of this test;
 * closing the relay and cutting its connections makes the database unreachable for that instance
 * alone, as a stopped server or a cut network would, without stopping the server the run shares.
 */
async function get(url: string) {
  const started = Date.now();
  const res = await fetch(url);
  const text = await res.text();
  return { status: res.status, ms: Date.now() - started, body: text ? JSON.parse(text) : null, cacheControl: res.headers.get('cache-control') };
}

/** Polls `url` every 200 ms until it answers `status` (at most `ms`); returns the last status seen. */
async function until(url: string, status: number, ms: number): Promise<number> {
  const deadline = Date.now() + ms;
  let last = 0;
  while (Date.now() < deadline) {
    last = await fetch(url).then(
      (r) => r.status,
      () => 0,
    );
    if (last === status) return last;
    await new Promise((r) => setTimeout(r, 200));
  }
  return last;
}

describe('liveness and readiness', () => {
  it('/_health answers 204 and /_ready 200 while the database answers', async () => {
    expect((await fetch(`${originUrl()}/_health`)).status).toBe(204);
    const ready = await get(`${originUrl()}/_ready`);
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready' });
    expect(ready.cacheControl).toBe('no-store');
    expect((await fetch(`${originUrl()}/_ready`, { method: 'HEAD' })).status).toBe(200);
  });
});

const database = inject('database');

/** A TCP relay from a loopback port to PostgreSQL that can be cut (every connection closed, nothing accepted) and restored. */
function relay(to: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve, reject) => {
      if (server) return resolve();
      server = createServer((client) => {
        const upstream = connect(to.port, to.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port;
        resolve();
      });
    });
  return {
    open,
    port: () => port,
    async cut() {
      const open = server;
      server = null;
      if (!open) return;
      const closed = new Promise<void>((resolve) => open.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}

describe.skipIf(database.client !== 'postgres')('with PostgreSQL unreachable', () => {
  let target: Target;
  const link = relay({ host: database.host, port: database.port });

  beforeAll(async () => {
    await link.open();
    target = await startTarget({ host: '127.0.0.1', port: link.port(), user: database.user, password: database.password });
  }, 240_000);

  afterAll(async () => {
    await link.open(); // the target's stop drops its database through it
    await target?.stop();
    await link.cut();
  });

  it('/_ready answers 503 within its timeout and comes back; /_health answers 204 throughout', async () => {
    expect((await get(`${target.origin}/_ready`)).status).toBe(200);

    await link.cut();
    const cutAt = Date.now();
    expect(await until(`${target.origin}/_ready`, 503, 10_000)).toBe(503);
    const noticedMs = Date.now() - cutAt;
    const down = await get(`${target.origin}/_ready`);
    expect(down.status).toBe(503);
    expect(down.body.error.message).toBe('Banco de dados indisponível.');
    // READY_DB_TIMEOUT_MS (1000 ms) bounds the check: HAProxy's check gives up at 2 s
    expect(down.ms).toBeLessThan(1800);
    for (let i = 0; i < 3; i++) expect((await get(`${target.origin}/_health`)).status).toBe(204);

    await link.open();
    const backAt = Date.now();
    expect(await until(`${target.origin}/_ready`, 200, 15_000)).toBe(200);
    console.log(
      `[readiness] 503 ${noticedMs} ms after the cut (one answer took ${down.ms} ms), 200 again ${Date.now() - backAt} ms after the database came back`,
    );
    expect((await get(`${target.origin}/_health`)).status).toBe(204);
    expect(target.exited()).toBeNull();
  });
});
