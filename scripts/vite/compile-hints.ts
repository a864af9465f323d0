import type { Plugin } from 'vite';

/** V8's explicit compile hint for a whole file (Chromium 136+). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * `balcao:compile-hints`: marks every chunk for eager compilation: with `//# allFunctionsCalledOnLoad`
 * before its first token, V8 compiles all functions of a file on the background thread that streams
 * it in, instead of compiling each one on the main thread at its first call. Every chunk qualifies:
 * the entry (React, the router, the session) runs on every load, and the others are split per
 * screen or dialog and load when it opens, when most of their functions run. Other engines read a
 * comment.
 *
 * The hint must come before any code, and Vite puts its preload map (`__vite__mapDeps`) at the
 * top of a chunk in vite:build-import-analysis's generateBundle, which is also where
 * vite-plugin-compression2 hooks in to write the .br/.gz twins. So the hint is added by wrapping
 * that hook (as the compression plugin does; this plugin's configResolved runs first, so the
 * twins are made from the hinted code).
 * @throws Error at build time if Vite's plugin is not there.
 * augmentChunkHash keeps the hint in the file names' hashes.
 */
export function compileHints(): Plugin {
  const hint = COMPILE_HINT;
  return {
    name: 'balcao:compile-hints',
    apply: 'build',
    augmentChunkHash: () => hint,
    configResolved(config) {
      const analysis = config.plugins.find((plugin) => plugin.name === 'vite:build-import-analysis');
      const hook = analysis?.generateBundle;
      if (!analysis || !hook) throw new Error('vite:build-import-analysis has no generateBundle hook: update balcao:compile-hints');
      const original = typeof hook === 'function' ? hook : hook.handler;
      const handler: typeof original = async function (this: ThisParameterType<typeof original>, options, bundle, isWrite) {
        await original.call(this, options, bundle, isWrite);
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || chunk.code.startsWith(hint)) continue;
          chunk.code = hint + chunk.code;
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`; // one line lower
        }
      };
      (analysis as { generateBundle: unknown }).generateBundle = typeof hook === 'function' ? handler : { ...hook, handler };
    },
  };
}
