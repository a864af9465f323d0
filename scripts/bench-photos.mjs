#!/usr/bin/env node
/**
 * `npm run bench:photos`: the document-photo figures of docs/performance.md ("Document photos").
 * Runs tests/e2e/document-photo-figures.spec.ts (skipped unless PHOTO_FIGURES is set) through
 * Playwright, which starts the production server on a fresh seeded SQLite file as for the e2e
 * tests (E2E_PORT / E2E_API_PORT, default 4398 / 1398): a 12 MP photo of a document drawn in the
 * browser, compressed by the app on a phone offline, then both uploaded on Lighthouse's "Regular
 * 3G" profile. Prints the figures; writes bench-results/photos.json and the legibility crops in
 * bench-results/photos/. About two minutes, most of it the original's upload.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const result = spawnSync(process.execPath, [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', 'tests/e2e/document-photo-figures.spec.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { E2E_PORT: '4398', E2E_API_PORT: '1398', E2E_WORKERS: '1', ...process.env, PHOTO_FIGURES: '1' },
});
process.exit(result.status ?? 1);
