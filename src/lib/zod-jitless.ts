import { config } from 'zod/v4/core';

/**
 * Turns zod's JIT object parser off (`jitless`, zod's public global configuration) before any
 * schema is built. Building the first classic `z.object()` otherwise probes `new Function('')`;
 * under the app's Content-Security-Policy (no 'unsafe-eval') Chromium reports that probe as a CSP
 * issue (Lighthouse best practices) even though zod catches the throw. `jitless` skips the probe
 * and the generated parser (same results). The build imports this module first in every module
 * of src/ that imports zod (scripts/vite/zod-jitless.ts), so it runs before any schema is built,
 * whichever screen loads first; /login imports no zod and does not load it.
 */
config({ jitless: true });
