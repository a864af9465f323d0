import { config } from 'zod/mini';

/**
 * Imported first by main.tsx. zod's JIT object parser probes `new Function('')` to see whether
 * eval is allowed; under the app's Content-Security-Policy (no 'unsafe-eval') that probe is a
 * reported CSP violation (Lighthouse best practices, browser issues panel). `jitless` skips the
 * probe and the generated parser; parsing results are the same.
 */
config({ jitless: true });
