import type { AppContext } from '../utils/types';

/**
 * `global::body-drain`, right before strapi::body: a body over 1 MB answers 413 and
 * nothing else is affected (docs/decisions.md "Body limits keep the connection usable"). When the body parser gives up on a body over its limit (JSON/form/text
 * 1 MB, multipart 20 MB → 413), it stops reading the request: the rest of the body stays in the
 * socket and the next request on that keep-alive connection hangs or is reset. This middleware
 * then reads and discards the rest, so the connection stays usable. A body announced or found to
 * be larger than DRAIN_MAX_BYTES (64 MB) is not drained: the answer carries `Connection: close`
 * (Node closes the socket once the 413 is sent).
 */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024;

function drain(ctx: AppContext): void {
  const req = ctx.req;
  if (req.complete || req.destroyed) return;
  if (Number(ctx.get('content-length')) > DRAIN_MAX_BYTES) {
    ctx.set('Connection', 'close');
    return;
  }
  let seen = 0;
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > DRAIN_MAX_BYTES) req.socket?.destroy();
  });
  req.on('error', () => {});
  req.resume();
}

const is413 = (err: unknown) => {
  const e = err as { status?: unknown; statusCode?: unknown } | null | undefined;
  return e?.status === 413 || e?.statusCode === 413;
};

export default () => async (ctx: AppContext, next: () => Promise<void>) => {
  try {
    await next();
  } catch (err) {
    if (is413(err)) drain(ctx);
    throw err;
  }
  if (ctx.status === 413) drain(ctx);
};
