import { defineConfig, devices } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';

/**
 * End-to-end tests: Debian's Chromium (scripts/ensure-chromium.sh) against the real seeded
 * Strapi serving the built PWA, started by `npm start` (scripts/start.mjs) on a port of its
 * own (E2E_PORT) and a fresh temporary SQLite file per run, with the /auth rate limit off.
 * CORS_ORIGINS names only the origin of api-host.spec.ts (E2E_PWA_ONLY_PORT).
 */
process.env.E2E_DB ??= path.join(os.tmpdir(), `balcao-e2e-${process.pid}-${Date.now()}.db`);
// The API writes e-mails here (no SMTP in tests); the reset-password test reads the link from it.
process.env.E2E_OUTBOX ??= path.join(os.tmpdir(), `balcao-e2e-outbox-${process.pid}-${Date.now()}`);
const PORT = process.env.E2E_PORT ?? '4391';
const API_PORT = process.env.E2E_API_PORT ?? '1391';
// api-host.spec.ts serves the PWA alone on this port, pointed at the API on PORT through CORS.
process.env.E2E_PWA_ONLY_PORT ??= String(Number(PORT) + 10000);

export default defineConfig({
  testDir: 'tests/e2e',
  globalTeardown: './tests/e2e/global-teardown.ts',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: {
    // the runner's own Node (npx puts node_modules/.bin/node first on the PATH: the one of engines)
    command: `"${process.execPath}" scripts/start.mjs`,
    url: `http://127.0.0.1:${PORT}/login`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT,
      API_PORT,
      HOST: '127.0.0.1',
      DATABASE_FILENAME: process.env.E2E_DB,
      AUTH_RATELIMIT: 'false',
      EMAIL_OUTBOX_DIR: process.env.E2E_OUTBOX,
      CORS_ORIGINS: `http://127.0.0.1:${process.env.E2E_PWA_ONLY_PORT}`,
    },
  },
});
