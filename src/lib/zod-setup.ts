import { config } from 'zod/v4/core';

/**
 * zod's JIT object parser probes `new Function('')` to see whether eval is allowed; under the
 * app's Content-Security-Policy (no 'unsafe-eval') that probe is a reported CSP violation
 * (Lighthouse best practices, the browser's Issues panel) even though zod catches the throw.
 * `jitless` skips the probe and the generated parser; parsing results are the same.
 *
 * The probe runs when the first `z.object()` is built, and chunks run in dependency order, not
 * in main.tsx's import order: so vite.config.ts puts this module in the same chunk as zod's
 * `core.js` (group `zod-config`), and it runs before any chunk that can build a schema.
 * Only `config` is imported (zod's core.js + util.js): the schemas stay out of the entry.
 */
config({ jitless: true });
