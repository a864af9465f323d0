import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * How the build makes the precompressed twins (`.br`, `.gz`) that Strapi's global::pwa serves with
 * Content-Encoding: the strongest setting of each algorithm (the files are made once and served
 * many times). vite.config.ts gives these options to vite-plugin-compression2, and
 * balcao:compile-hints makes a twin again with them when it changes a chunk after that plugin ran.
 */
export const BROTLI_OPTIONS: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } };
export const GZIP_OPTIONS: zlib.ZlibOptions = { level: zlib.constants.Z_BEST_COMPRESSION };

/** A twin's extension → the function that makes its bytes from the file's, and the one that reads them back. */
export interface TwinCodec {
  compress: (data: Buffer) => Promise<Buffer>;
  decompress: (data: Buffer) => Buffer;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The twins the build writes, by extension. */
export const TWINS: Record<string, TwinCodec> = {
  '.br': { compress: (data) => brotli(data, BROTLI_OPTIONS), decompress: (data) => zlib.brotliDecompressSync(data) },
  '.gz': { compress: (data) => gzip(data, GZIP_OPTIONS), decompress: (data) => zlib.gunzipSync(data) },
};
