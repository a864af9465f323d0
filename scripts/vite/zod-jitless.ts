import path from 'node:path';
import type { Plugin } from 'vite';

/** A static import or re-export of zod (`from 'zod'`, `from 'zod/mini'`, `from "zod/v4/core"`), in code after TypeScript is stripped. */
const IMPORTS_ZOD = /\bfrom\s*["']zod(?:\/[^"']*)?["']/;

/**
 * `balcao:zod-jitless`: makes `module` (src/lib/zod-jitless.ts, which calls zod's public
 * `config({ jitless: true })`) the first import of every module under `srcDir` that imports zod.
 * ES modules evaluate their imports in order, before their own code, so the configuration is set
 * before the first schema is built, whichever screen's chunk runs first; a module that imports no
 * zod (/login's) is left as it is. Touches the app's own modules only, never zod's.
 */
export function zodJitless(options: { srcDir: string; module: string }): Plugin {
  const srcDir = options.srcDir.endsWith(path.sep) ? options.srcDir : options.srcDir + path.sep;
  return {
    name: 'balcao:zod-jitless',
    transform: {
      filter: { code: IMPORTS_ZOD },
      handler(code, id) {
        const file = id.replace(/\?.*$/, '');
        if (!file.startsWith(srcDir) || file === options.module || !IMPORTS_ZOD.test(code)) return null;
        // On the first line, so every other line keeps its place in the source map.
        return { code: `import ${JSON.stringify(options.module)};${code}`, map: null };
      },
    },
  };
}
