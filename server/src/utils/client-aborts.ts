import type Koa from 'koa';

/**
 * Koa's application errors without the noise of clients that went away.
 *
 * Koa reports on the application's `error` event every error of a request, including the socket
 * error of a client that closed or reset its connection before the answer ended (a browser
 * cancelling a stream behind the TLS/HTTP/2 balancer, a user leaving the page, Lighthouse's
 * resets): with no listener of ours it prints each one's stack (`Error: read ECONNRESET`) with
 * `console.error`, outside Strapi's logger and its LOG_LEVEL. Nothing can be answered to a client
 * that is gone and nothing is lost on the server (the request's own work goes on or has ended), so
 * those are logged at debug level only; every other error is logged as Koa would (not 404s, not
 * errors meant for the client: `expose`), through Strapi's logger at error level.
 */

/** Error codes of a connection the client closed or reset (Node's net/stream errors). */
const CLIENT_GONE = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);

/** The few logger methods this needs (Strapi's `strapi.log` is a winston logger). */
export interface ErrorLog {
  error(message: string): void;
  debug(message: string): void;
}

/** True for the socket error of a client that went away before its answer ended. */
export function isClientAbort(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CLIENT_GONE.has(code);
}

/**
 * Makes this the application's only `error` listener on `app` (Strapi's `strapi.server.app`): client
 * aborts at debug level with the request's method and path, anything else as Koa's default handler
 * would print it, at error level. Every listener already there is replaced: Koa's default one (Koa
 * adds it lazily, on the first request, only when there is none) and Strapi's upload plugin's, which
 * skips `EPIPE` and hands every other error, client resets included, to Koa's console printer (its one
 * rule is among ours). Call once, from the app's bootstrap (after the plugins'), before listening.
 */
export function logClientAbortsQuietly(app: Koa, log: ErrorLog): void {
  app.removeAllListeners('error');
  app.on('error', (err: Error & { code?: string; status?: number; expose?: boolean }, ctx?: Koa.Context) => {
    if (isClientAbort(err)) {
      log.debug(`client closed the connection before the answer ended (${err.code}): ${ctx?.method ?? ''} ${ctx?.path ?? ''}`);
      return;
    }
    if (err?.status === 404 || err?.expose) return;
    log.error(err?.stack ?? String(err));
  });
}
