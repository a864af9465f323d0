import type { Plugin, Rolldown } from 'vite';
import { TWINS, type TwinCodec } from './precompression';

type OutputAsset = Rolldown.OutputAsset;

/** V8's explicit compile hint for a whole file (Chromium 136+); it counts only among the comments before the first token. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** The twins of `fileName` in the bundle (`assets/x.js.br`, …), each with its extension (`.br`); a source map is none. */
function twinsOf(bundle: Rolldown.OutputBundle, fileName: string): { ext: string; asset: OutputAsset }[] {
  return Object.values(bundle)
    .filter((item): item is OutputAsset => item.type === 'asset' && item.fileName.startsWith(`${fileName}.`) && !item.fileName.endsWith('.map'))
    .map((asset) => ({ ext: asset.fileName.slice(fileName.length), asset }));
}

const bytes = (source: string | Uint8Array) => Buffer.from(source);

/**
 * `balcao:compile-hints`: puts `//# allFunctionsCalledOnLoad` first in every chunk, so V8 compiles all
 * functions of the file on the background thread that streams it in, instead of each one on the
 * main thread at its first call. Every chunk qualifies: the entry (React, the router, the session)
 * runs on every load, and the others are split per screen or dialog and load when it opens, when
 * most of their functions run. Other engines read a comment.
 *
 * Public hooks only. Vite writes its preload map (`const __vite__mapDeps=…`) at the top of a chunk
 * in its own `generateBundle`, and vite-plugin-compression2 makes the `.br`/`.gz` twins in that same
 * hook; so the hint is added in a `generateBundle` of `order: 'post'`, which runs after both, and
 * every twin of a hinted chunk is made again from the hinted code (`twins`, by extension: the
 * build's settings, scripts/vite/precompression.ts). A twin of an extension it cannot make fails
 * the build. `writeBundle` then checks what is written: every chunk starts with the hint and every
 * twin holds exactly its chunk's code, or the build fails (tests/e2e/server.spec.ts reads dist/ too).
 * `augmentChunkHash` keeps the hint in the file names' hashes.
 */
export function compileHints(options: { twins?: Record<string, TwinCodec> } = {}): Plugin {
  const twins = options.twins ?? TWINS;
  return {
    name: 'balcao:compile-hints',
    apply: 'build',
    augmentChunkHash: () => COMPILE_HINT,
    generateBundle: {
      order: 'post',
      async handler(_output, bundle) {
        const jobs: Promise<void>[] = [];
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || chunk.code.startsWith(COMPILE_HINT)) continue;
          chunk.code = COMPILE_HINT + chunk.code;
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`; // one line lower
          const code = bytes(chunk.code);
          for (const { ext, asset } of twinsOf(bundle, chunk.fileName)) {
            const codec = twins[ext];
            if (!codec) this.error(`balcao:compile-hints: cannot make ${asset.fileName} again (no codec for "${ext}")`);
            jobs.push(
              codec.compress(code).then((source) => {
                asset.source = source;
              }),
            );
          }
        }
        await Promise.all(jobs);
      },
    },
    writeBundle(_output, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        if (!chunk.code.startsWith(COMPILE_HINT)) this.error(`balcao:compile-hints: ${chunk.fileName} does not start with the hint`);
        for (const { ext, asset } of twinsOf(bundle, chunk.fileName)) {
          const codec = twins[ext];
          if (!codec?.decompress(bytes(asset.source)).equals(bytes(chunk.code)))
            this.error(`balcao:compile-hints: ${asset.fileName} is not ${chunk.fileName} as written`);
        }
      }
    },
  };
}
