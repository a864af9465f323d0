import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The screens that queue writes (an order's payments and documents, an order's edit, /fila) open without
 * Dexie (~33 KiB gzipped); the outbox runtime loads with the first queued write (`useOutbox()` of
 * lib/offline/outbox-peek.ts). A value import of Dexie or of the modules that import it
 * (lib/offline/sync, lib/offline/db) would put it back in their chunks; `import type` is erased.
 */
const screens = [
  'src/features/order-payments/order-payments-section.tsx',
  'src/features/order-documents/order-documents-section.tsx',
  'src/features/outbox/outbox-page.tsx',
  'src/features/outbox/stale-update.tsx',
  'src/features/sales-orders/sales-order-form.tsx',
  'src/lib/offline/outbox-peek.ts',
];
const dexieModules = /^import\s+(?!type\b)[^;]*from\s+'(dexie|@\/lib\/offline\/(sync|db)|\.\/(sync|db))';/gm;

describe('screens that queue writes import no Dexie', () => {
  it.each(screens)('%s', (file) => {
    const src = readFileSync(path.resolve(__dirname, '../..', file), 'utf8');
    expect(src.length).toBeGreaterThan(0);
    expect([...src.matchAll(dexieModules)].map((m) => m[0])).toEqual([]);
  });
});
