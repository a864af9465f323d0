import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl } from './helpers/api';
import { startTarget, type Target } from './helpers/fuzz-target';

/**
 * Request ids and the log lines (docs/deploy.md "Request ids", "Log lines"), on the compiled app run
 * by `strapi start` as production runs it, its stdout going to a file (not a terminal), at
 * LOG_LEVEL=http: the id a request is answered with in `X-Request-Id` is the one on its log line,
 * so a clerk's "Código: …" finds the server's line; every line starts with a 24-hour ISO time and
 * holds no ANSI colour code.
 */
let target: Target;
let log = '';

beforeAll(async () => {
  target = await startTarget(null);
}, 180_000);

afterAll(async () => {
  await target?.stop();
});

/** Everything the server has logged so far. */
function logSoFar(): string {
  log += target.newLog();
  return log;
}

/** The log lines holding `text`, once at least one is there (polled up to 5 s: the line is written as the answer leaves). */
async function linesWith(text: string): Promise<string[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const lines = logSoFar()
      .split('\n')
      .filter((l) => l.includes(text));
    if (lines.length > 0 || Date.now() > deadline) return lines;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it("an error answer's X-Request-Id is on the log line of that request", async () => {
    const res = await fetch(`${target.origin}/api/sales-orders?pagination[pageSize]=1`);
    expect(res.status).toBe(403);
    const id = res.headers.get('x-request-id') ?? '';
    expect(id).toMatch(UUID);
    const lines = await linesWith(`[${id}]`);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/ http: \[[^\]]+\] GET \/api\/sales-orders\?pagination\[pageSize\]=1 \(\d+ ms\) 403$/);
  });

  it('a well-formed incoming X-Request-Id (set by the balancer) is kept; a malformed one is replaced', async () => {
    const kept = 'A1B2C3D4:9F3A_01.lb-1';
    const res = await fetch(`${target.origin}/api/states`, { headers: { 'X-Request-Id': kept } });
    expect(res.headers.get('x-request-id')).toBe(kept);
    expect(await linesWith(`[${kept}] GET /api/states`)).toHaveLength(1);

    for (const forged of ['abc', 'a b c d e f g h', 'x'.repeat(129), '"quoted-id"']) {
      const other = await fetch(`${target.origin}/api/states`, { headers: { 'X-Request-Id': forged } });
      const id = other.headers.get('x-request-id') ?? '';
      expect(id, forged).toMatch(UUID);
      expect(await linesWith(`[${id}] GET /api/states`)).toHaveLength(1);
    }
    expect(logSoFar()).not.toContain('a b c d e f g h');
  });

  it("a line logged deep inside a service, after the answer left, carries its request's id", async () => {
    // the reset e-mail is sent once the answer is out; the e-mail outbox logs it (extensions/email)
    const res = await fetch(`${target.origin}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'vendedor@balcao.local' }),
    });
    expect(res.status).toBe(200);
    const id = res.headers.get('x-request-id') ?? '';
    expect(id).toMatch(UUID);
    const lines = await linesWith('[email-outbox] to=vendedor@balcao.local');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(` info: [${id}] [email-outbox]`);
  });

  it('a page of another configured origin may read it (CORS Access-Control-Expose-Headers)', async () => {
    // the run's shared instance allows http://localhost:5173 (tests/global-setup.ts)
    const res = await fetch(`${apiUrl()}/states`, { headers: { Origin: 'http://localhost:5173' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('access-control-expose-headers')?.split(/\s*,\s*/)).toContain('X-Request-Id');
    expect(res.headers.get('x-request-id')).toMatch(UUID);
  });

  it('each request gets its own id, also a 404 outside the API', async () => {
    const [a, b] = await Promise.all([fetch(`${target.origin}/nada`), fetch(`${target.origin}/nada`)]);
    expect(a.status).toBe(404);
    const ids = [a.headers.get('x-request-id'), b.headers.get('x-request-id')];
    expect(ids[0]).toMatch(UUID);
    expect(ids[1]).toMatch(UUID);
    expect(ids[0]).not.toBe(ids[1]);
    for (const id of ids) expect(await linesWith(`[${id}] GET /nada`)).toHaveLength(1);
  });
});

describe('log lines with stdout not a terminal', () => {
  it('start with an ISO 8601 UTC time of now (24-hour clock) and hold no ANSI colour codes', async () => {
    const before = Date.now();
    const res = await fetch(`${target.origin}/api/states`);
    expect(res.status).toBe(403);
    const id = res.headers.get('x-request-id') ?? '';
    const [line] = await linesWith(`[${id}]`);
    const stamp = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z) http: /.exec(line)?.[1] ?? '';
    // a 12-hour clock would be 12 h off in the afternoon; this line was written a moment ago
    expect(Math.abs(Date.parse(stamp) - before)).toBeLessThan(5000);

    const all = logSoFar();
    expect(all).not.toContain('\x1b[');
    const entries = all.split('\n').filter((l) => l !== '' && !/^\s/.test(l));
    expect(entries.length).toBeGreaterThan(5);
    for (const entry of entries) expect(entry).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z (error|warn|info|http|verbose|debug|silly): /);
  });
});
