import Koa from 'koa';
import { createServer, type Server } from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isClientAbort, logClientAbortsQuietly } from '../src/utils/client-aborts';

/**
 * utils/client-aborts.ts on a real Koa application and a real socket: a client that resets its
 * connection while its answer is pending is logged at debug level, not as an error stack; a real
 * failure still reaches the error log; Koa's own console printer is gone.
 */
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function serve(app: Koa): Promise<number> {
  const handle = app.callback();
  // Koa's handler answers its own errors (ctx.onerror); anything else ends the connection
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => res.destroy(error as Error));
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as net.AddressInfo).port;
}

function collectingLog() {
  const seen = { error: [] as string[], debug: [] as string[] };
  return { seen, log: { error: (m: string) => seen.error.push(m), debug: (m: string) => seen.debug.push(m) } };
}

describe('client aborts (utils/client-aborts.ts)', () => {
  it('a client that resets its connection before the answer is logged at debug level only', async () => {
    const app = new Koa();
    const { seen, log } = collectingLog();
    logClientAbortsQuietly(app, log);
    let reached!: () => void;
    const inHandler = new Promise<void>((r) => (reached = r));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let finished!: () => void;
    const handled = new Promise<void>((r) => (finished = r));
    app.use(async (_ctx, next) => {
      try {
        await next();
      } finally {
        finished();
      }
    });
    app.use(async (ctx) => {
      reached();
      await released; // the answer is still pending when the client leaves
      ctx.body = 'late';
    });
    const port = await serve(app);
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise<void>((r) => socket.once('connect', r));
    socket.write('GET /api/sales-orders HTTP/1.1\r\nHost: x\r\n\r\n');
    await inHandler;
    socket.resetAndDestroy();
    await expect.poll(() => seen.debug.length, { timeout: 3_000 }).toBeGreaterThan(0);
    expect(seen.debug[0]).toMatch(/^client closed the connection before the answer ended \(ECONNRESET\): GET \/api\/sales-orders$/);
    // the handler then ends and Koa answers a connection that is gone: nothing reaches the error log
    release();
    await handled;
    await new Promise((r) => setImmediate(r)); // Koa's respond() runs once the middleware's promise settled
    expect(seen.error).toEqual([]);
    // Koa's default printer (console.error) is not what handles the event.
    expect(app.listeners('error')).not.toContain(app.onerror);
    expect(app.listenerCount('error')).toBe(1);
  });

  it('any other failure still reaches the error log with its stack; 404s and errors meant for the client do not', async () => {
    const app = new Koa();
    const { seen, log } = collectingLog();
    logClientAbortsQuietly(app, log);
    app.use(async (ctx) => {
      if (ctx.path === '/boom') throw new Error('database went away');
      if (ctx.path === '/exposed') ctx.throw(400, 'bad input');
      ctx.throw(404);
    });
    const port = await serve(app);
    expect((await fetch(`http://127.0.0.1:${port}/boom`)).status).toBe(500);
    expect((await fetch(`http://127.0.0.1:${port}/exposed`)).status).toBe(400);
    expect((await fetch(`http://127.0.0.1:${port}/missing`)).status).toBe(404);
    expect(seen.error).toHaveLength(1);
    expect(seen.error[0]).toMatch(/^Error: database went away\n\s+at /);
    expect(seen.debug).toEqual([]);
  });

  it("replaces Koa's default listener when the app already installed it", () => {
    const app = new Koa();
    app.callback(); // installs app.onerror when no listener exists
    expect(app.listeners('error')).toContain(app.onerror);
    logClientAbortsQuietly(app, collectingLog().log);
    expect(app.listeners('error')).not.toContain(app.onerror);
    expect(app.listenerCount('error')).toBe(1);
  });

  it("replaces a listener installed before it, as Strapi's upload plugin's, which prints a reset with console.error", async () => {
    const app = new Koa();
    // @strapi/upload's middlewares/upload.js, as it is: EPIPE skipped, everything else to Koa's printer.
    app.on('error', (err: Error & { code?: string }) => {
      if (err.code === 'EPIPE') return;
      app.onerror(err);
    });
    const { seen, log } = collectingLog();
    logClientAbortsQuietly(app, log);
    expect(app.listenerCount('error')).toBe(1);
    const printed: unknown[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void printed.push(args));
    try {
      app.emit('error', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }), undefined);
    } finally {
      spy.mockRestore();
    }
    expect(printed).toEqual([]);
    expect(seen.debug).toHaveLength(1);
  });

  it('tells client aborts from other errors by their code', () => {
    for (const code of ['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE'])
      expect(isClientAbort(Object.assign(new Error('x'), { code }))).toBe(true);
    expect(isClientAbort(Object.assign(new Error('x'), { code: 'SQLITE_BUSY' }))).toBe(false);
    expect(isClientAbort(new Error('x'))).toBe(false);
    expect(isClientAbort(null)).toBe(false);
  });
});
