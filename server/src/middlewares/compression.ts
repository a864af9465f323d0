import { Stream } from 'node:stream';
import zlib from 'node:zlib';
import compressible from 'compressible';
import compress from 'koa-compress';
import Encodings from 'koa-compress/lib/encodings';
import type { AppContext } from '../utils/types';

/** Largest answer (bytes, before compression) compressed in one synchronous call; a larger one streams. */
export const SYNC_LIMIT = 256 * 1024;

/** Smallest answer compressed (bytes), as koa-compress's default `threshold`. */
const THRESHOLD = 1024;

const EMPTY_STATUSES = new Set([204, 205, 304]);
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/;

type Encoding = 'br' | 'gzip' | 'deflate';
const SYNC_METHODS: Record<Encoding, (buf: Buffer, options: zlib.ZlibOptions | zlib.BrotliOptions) => Buffer> = {
  br: (buf, options) => zlib.brotliCompressSync(buf, options as zlib.BrotliOptions),
  gzip: (buf, options) => zlib.gzipSync(buf, options as zlib.ZlibOptions),
  deflate: (buf, options) => zlib.deflateSync(buf, options as zlib.ZlibOptions),
};

/**
 * `global::compression`, in the place of `strapi::compression` (koa-compress, whose negotiation,
 * encodings and options it keeps: br at quality 4, then gzip, then deflate, by `Accept-Encoding`;
 * answers ≥ 1 KB of a compressible type; never for HEAD, 204/205/304, `Cache-Control: no-transform`,
 * an answer that already has a `Content-Encoding`, or `ctx.compress === false`).
 *
 * What it changes: an answer held in memory (the API's JSON object, a string or a Buffer) of up to
 * {@link SYNC_LIMIT} bytes is compressed in one synchronous zlib call and sent with its
 * `Content-Length`, instead of through koa-compress's zlib stream. The stream hands the work to
 * libuv's thread pool chunk by chunk and finishes the answer only after several turns of the event
 * loop; under load each turn waits behind every other request, which made an API list answer wait
 * ~1.7× its bare query at 10 clients (docs/decisions.md "Compressing API answers"),
 * while compressing a 33 KB page takes 0.2–0.7 ms and 256 KB 1–1.5 ms here. Streams (files, the PWA's
 * precompressed assets are already encoded) and larger answers still go through koa-compress.
 * The JSON is serialised once (koa-compress serialised it twice: once for its threshold).
 */
export default (config: Record<string, unknown> = {}) => {
  const streaming = compress(config);
  const { preferredEncodings, encodingOptions } = streaming as unknown as {
    preferredEncodings: Encoding[];
    encodingOptions: Record<Encoding, zlib.ZlibOptions | zlib.BrotliOptions>;
  };

  const inMemory = (ctx: AppContext) => {
    const body = ctx.body as unknown;
    if (
      body === null ||
      body === undefined ||
      body instanceof Stream ||
      ctx.res.headersSent ||
      !ctx.writable ||
      ctx.compress === false ||
      ctx.method === 'HEAD' ||
      EMPTY_STATUSES.has(ctx.status) ||
      ctx.response.get('Content-Encoding') ||
      !(ctx.compress === true || compressible(ctx.response.type)) ||
      NO_TRANSFORM.test(ctx.response.get('Cache-Control'))
    )
      return;
    const raw = Buffer.isBuffer(body) ? body : typeof body === 'string' ? Buffer.from(body) : Buffer.from(JSON.stringify(body));
    if (raw.length < THRESHOLD) {
      if (!Buffer.isBuffer(body) && typeof body !== 'string') ctx.body = raw;
      return;
    }
    if (raw.length > SYNC_LIMIT) {
      ctx.body = raw;
      return;
    }
    const encodings = new Encodings({ preferredEncodings });
    encodings.parseAcceptEncoding(ctx.get('Accept-Encoding') || 'identity');
    const encoding = encodings.getPreferredContentEncoding() as Encoding | 'identity';
    if (encoding === 'identity') {
      ctx.body = raw;
      return;
    }
    const options = { ...encodingOptions[encoding] } as zlib.BrotliOptions;
    if (encoding === 'br') options.params = { ...options.params, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length };
    ctx.body = SYNC_METHODS[encoding](raw, options);
    ctx.set('Content-Encoding', encoding);
  };

  return async (ctx: AppContext, next: () => Promise<void>) =>
    streaming(ctx as never, async () => {
      await next();
      inMemory(ctx);
    });
};
