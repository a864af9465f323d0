import type { Plugin } from 'vite';

/**
 * `balcao:zod-jitless`: builds zod with `jitless` on. zod's JIT object parser probes
 * `new Function('')` when the first `z.object()` is built; under the app's Content-Security-Policy
 * (no 'unsafe-eval') Chromium reports that probe as a CSP issue (Lighthouse best practices) even
 * though zod catches the throw. `jitless` skips the probe and the generated parser (same results).
 * The call `config({ jitless: true })` is appended to zod's own core.js, where `config` is defined.
 * A zod without that function fails the build, never silently (tests/e2e/csp.spec.ts checks the
 * result in the browser).
 */
export function zodJitless(): Plugin {
  return {
    name: 'balcao:zod-jitless',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/ },
      handler(code) {
        if (!/^export function config\(/m.test(code)) this.error('zod/v4/core/core.js no longer defines config(): update balcao:zod-jitless');
        return { code: `${code}\nconfig({ jitless: true });\n`, map: null };
      },
    },
  };
}
