import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { zodJitless } from '../../scripts/vite/zod-jitless';
import { root } from './helpers/import-graph';

/**
 * balcao:zod-jitless (scripts/vite/zod-jitless.ts) and src/lib/zod-jitless.ts: zod's public
 * `config({ jitless: true })` runs before any schema is built, so zod never probes `new Function`
 * (a CSP issue under the app's policy; tests/e2e/csp.spec.ts checks the built app in Chromium).
 */
const srcDir = path.join(root, 'src');
const module = path.join(srcDir, 'lib/zod-jitless.ts');
const plugin = zodJitless({ srcDir, module });
const transform = plugin.transform as { filter: { code: RegExp }; handler: (code: string, id: string) => { code: string } | null };
const run = (code: string, id: string) => (transform.filter.code.test(code) ? transform.handler.call({}, code, id) : null);

describe('balcao:zod-jitless', () => {
  it('imports the module first in every module of src/ that imports zod, on the first line', () => {
    const code = 'import { z } from "zod/mini";\nexport const a = z.object({});\n';
    expect(run(code, path.join(srcDir, 'features/x/schema.ts'))?.code).toBe(`import ${JSON.stringify(module)};${code}`);
    expect(run("import * as z from 'zod';\n", path.join(srcDir, 'routes/_app/x.tsx?tsr-split=component'))?.code).toMatch(/^import ".*zod-jitless.ts";/);
    expect(run("export { z } from 'zod/v4/core';\n", path.join(srcDir, 'lib/y.ts'))).not.toBeNull();
  });

  it("leaves alone a module without zod (/login's), zod's own files, files outside src/ and the module itself", () => {
    expect(run('import { lightFormat } from "date-fns";\n', path.join(srcDir, 'features/auth/login-screen.tsx'))).toBeNull();
    expect(run('export * from "./v4/mini/index.js";\nimport "zod/v4/core";\n', path.join(root, 'node_modules/zod/mini/index.js'))).toBeNull();
    expect(run('import { z } from "zod";\n', path.join(root, 'sw/sw.ts'))).toBeNull();
    expect(run('import { config } from "zod/v4/core";\nconfig({ jitless: true });\n', module)).toBeNull();
  });
});

describe('src/lib/zod-jitless.ts', () => {
  /**
   * The number of Functions constructed while a fresh Node process builds and parses an object
   * schema with classic zod (zod/mini has no JIT parser), after running src/lib/zod-jitless.ts (through Vite's module runner, as
   * the build's plugins run the app's TypeScript) or not.
   */
  const functionsBuilt = (jitless: boolean) => {
    const script = `
      ${jitless ? `const { runnerImport } = await import('vite'); await runnerImport('/src/lib/zod-jitless.ts', { root: ${JSON.stringify(root)}, configFile: false, logLevel: 'silent' });` : ''}
      const NativeFunction = globalThis.Function;
      let built = 0;
      globalThis.Function = new Proxy(NativeFunction, { construct: (target, args) => (built++, Reflect.construct(target, args)) });
      const { z } = await import('zod');
      z.object({ a: z.string() }).parse({ a: 'x' });
      console.log(built);`;
    return Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' }).trim());
  };

  it('zod probes `new Function` at the first object schema without it (the test sees the probe), and never once it has run', () => {
    expect(functionsBuilt(false)).toBeGreaterThan(0);
    expect(functionsBuilt(true)).toBe(0);
  }, 60_000);
});
