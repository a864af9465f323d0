import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from '../../scripts/vite/compile-hints';
import { TWINS } from '../../scripts/vite/precompression';
import { handlerOf } from './helpers/vite-hooks';

/**
 * balcao:compile-hints (scripts/vite/compile-hints.ts) on a bundle as Vite and vite-plugin-compression2
 * leave it before the `order: 'post'` generateBundle hooks: a chunk that starts with Vite's preload
 * map, its .br/.gz twins made from that code, a stylesheet and its twin.
 */
const mapDeps = 'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/b.js"])))=>i.map(i=>d[i]);\n';
const code = `${mapDeps}export function a(){return import("./b.js")}\n`;
const css = 'body{margin:0}';

function fakeBundle() {
  return {
    'assets/a.js': { type: 'chunk', fileName: 'assets/a.js', code, map: null },
    'assets/a.js.br': { type: 'asset', fileName: 'assets/a.js.br', source: zlib.brotliCompressSync(code) },
    'assets/a.js.gz': { type: 'asset', fileName: 'assets/a.js.gz', source: zlib.gzipSync(code) },
    'assets/b.js': { type: 'chunk', fileName: 'assets/b.js', code: 'export const b=1;\n', map: { mappings: 'AAAA' } },
    'assets/index.css': { type: 'asset', fileName: 'assets/index.css', source: css },
    'assets/index.css.br': { type: 'asset', fileName: 'assets/index.css.br', source: zlib.brotliCompressSync(css) },
  } as Record<string, { type: string; fileName: string; code?: string; source?: Uint8Array | string; map?: { mappings: string } | null }>;
}
/** The part of the plugin context the hooks use: `error` throws, as Rolldown's does. */
const context = {
  error(message: string): never {
    throw new Error(message);
  },
};

describe('balcao:compile-hints', () => {
  const plugin = compileHints();
  const generate = handlerOf(plugin.generateBundle);
  const write = handlerOf(plugin.writeBundle);

  it("runs after Vite's preload map and the compression plugin's twins (generateBundle, order 'post')", () => {
    expect((plugin.generateBundle as { order?: string }).order).toBe('post');
    expect(handlerOf(plugin.augmentChunkHash)()).toBe(COMPILE_HINT);
  });

  it('puts the hint first in every chunk, before the preload map, and makes its twins again from the hinted code', async () => {
    const bundle = fakeBundle();
    await generate.call(context, {}, bundle, true);
    expect(bundle['assets/a.js']!.code).toBe(COMPILE_HINT + code);
    expect(bundle['assets/b.js']!.code).toBe(`${COMPILE_HINT}export const b=1;\n`);
    expect(bundle['assets/b.js']!.map!.mappings).toBe(';AAAA');
    expect(zlib.brotliDecompressSync(bundle['assets/a.js.br']!.source as Uint8Array).toString()).toBe(COMPILE_HINT + code);
    expect(zlib.gunzipSync(bundle['assets/a.js.gz']!.source as Uint8Array).toString()).toBe(COMPILE_HINT + code);
    // as strong as the compression plugin's own (scripts/vite/precompression.ts)
    expect(Buffer.from(bundle['assets/a.js.br']!.source as Uint8Array).equals(await TWINS['.br']!.compress(Buffer.from(COMPILE_HINT + code)))).toBe(true);
    // a stylesheet is no chunk: left as it is
    expect(bundle['assets/index.css']!.source).toBe(css);
    expect(zlib.brotliDecompressSync(bundle['assets/index.css.br']!.source as Uint8Array).toString()).toBe(css);
    // what is written passes the check
    expect(() => write.call(context, {}, bundle)).not.toThrow();
  });

  it('adds the hint once to a chunk that has it', async () => {
    const bundle = fakeBundle();
    await generate.call(context, {}, bundle, true);
    await generate.call(context, {}, bundle, true);
    expect(bundle['assets/a.js']!.code).toBe(COMPILE_HINT + code);
  });

  it('fails the build on a twin it cannot make again', async () => {
    const bundle = { ...fakeBundle(), 'assets/a.js.zst': { type: 'asset', fileName: 'assets/a.js.zst', source: 'zstd' } };
    await expect(generate.call(context, {}, bundle, true)).rejects.toThrow(/cannot make assets\/a.js.zst again/);
  });

  it('fails the build when a chunk or a twin is written without the hint (a later plugin changed them)', async () => {
    const bundle = fakeBundle();
    await generate.call(context, {}, bundle, true);
    bundle['assets/a.js.gz']!.source = zlib.gzipSync(code);
    expect(() => write.call(context, {}, bundle)).toThrow(/assets\/a.js.gz is not assets\/a.js as written/);
    bundle['assets/a.js.gz']!.source = zlib.gzipSync(COMPILE_HINT + code);
    bundle['assets/b.js']!.code = `${mapDeps}${bundle['assets/b.js']!.code}`;
    expect(() => write.call(context, {}, bundle)).toThrow(/assets\/b.js does not start with the hint/);
  });
});
