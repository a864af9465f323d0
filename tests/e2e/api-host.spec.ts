import { expect, test } from '@playwright/test';
import { existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { documentField, passwordField, PASSWORD, ROLES } from './helpers';

/**
 * Spec 000 §1 "API on a separate host": the same build, served from another origin with a
 * `config.js` that points `apiUrl` at the API, works through the API's CORS configuration.
 * Here the PWA's files are served on one loopback port (E2E_PWA_ONLY_PORT, a bare static server
 * made by this test) and the API is the `npm start` server on E2E_PORT, started with
 * CORS_ORIGINS naming the PWA's origin (playwright.config.ts).
 */

const API_PORT = Number(process.env.E2E_PORT ?? '4391');
const PWA_PORT = Number(process.env.E2E_PWA_ONLY_PORT);
const dist = path.resolve('dist');
const apiOrigin = `http://127.0.0.1:${API_PORT}`;
const pwaOrigin = `http://127.0.0.1:${PWA_PORT}`;

const types: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
};

let server: http.Server;

test.beforeAll(async () => {
  server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', pwaOrigin).pathname);
    if (pathname === '/config.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      res.end(`window.__BALCAO_CONFIG__ = { apiUrl: '${apiOrigin}/api' };`);
      return;
    }
    const file = path.join(dist, path.posix.normalize(pathname));
    const found = file.startsWith(dist + path.sep) && existsSync(file) && statSync(file).isFile();
    const target = found ? file : path.join(dist, 'index.html');
    res.writeHead(200, { 'Content-Type': types[path.extname(target)] ?? 'application/octet-stream' });
    res.end(readFileSync(target));
  });
  await new Promise<void>((resolve) => server.listen(PWA_PORT, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test('a build pointed at another origin by config.js signs in and lists orders through CORS', async ({ page }) => {
  const apiCalls: string[] = [];
  const failed: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/')) apiCalls.push(r.url());
  });
  // A refused CORS request fails in the browser; the PWA's own files come from its own origin.
  page.on('requestfailed', (r) => {
    if (r.url().startsWith(apiOrigin)) failed.push(`${r.url()} ${r.failure()?.errorText}`);
  });

  await page.goto(`${pwaOrigin}/login`);
  await documentField(page).pressSequentially(ROLES.admin.document);
  await passwordField(page).fill(PASSWORD);
  // The home asks for its three figures; the next navigation must not cut them off mid-flight
  // (an aborted request is a failure here), so the test waits for their answers.
  const homeFigures = ['orders-by-status', 'receivables-pending', 'receivables-monthly'].map((name) =>
    page.waitForResponse((r) => r.url().startsWith(`${apiOrigin}/api/dashboard/${name}`)),
  );
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  for (const answer of await Promise.all(homeFigures)) expect(answer.status()).toBe(200);
  expect(new URL(page.url()).origin).toBe(pwaOrigin);

  // An authenticated list (Authorization header → CORS preflight) loads rows.
  await page.goto(`${pwaOrigin}/sales-orders`);
  await expect(page.getByRole('heading', { name: 'Pedidos' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();

  expect(apiCalls.length).toBeGreaterThan(0);
  expect(apiCalls.every((u) => u.startsWith(`${apiOrigin}/api/`))).toBe(true);
  expect(failed).toEqual([]);
});

test('the API answers CORS only for the configured origin', async ({ request }) => {
  const allowed = await request.fetch(`${apiOrigin}/api/auth/local`, {
    method: 'OPTIONS',
    headers: { Origin: pwaOrigin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,authorization,idempotency-key' },
  });
  expect(allowed.status()).toBeLessThan(300);
  expect(allowed.headers()['access-control-allow-origin']).toBe(pwaOrigin);
  expect(allowed.headers()['access-control-allow-headers']?.toLowerCase()).toContain('idempotency-key');

  const other = await request.fetch(`${apiOrigin}/api/auth/local`, {
    method: 'OPTIONS',
    headers: { Origin: 'http://127.0.0.1:9', 'Access-Control-Request-Method': 'POST' },
  });
  expect(other.headers()['access-control-allow-origin']).not.toBe('http://127.0.0.1:9');
});
