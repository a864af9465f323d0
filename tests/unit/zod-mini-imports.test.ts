import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Heaviest route ≤ 220 KiB (docs/performance.md): zod's classic API costs ~13 KiB gzipped on top of its core,
 * and ONE classic import anywhere in a screen's graph downloads it. These modules are reached by
 * every screen (lib/api/strapi.ts) or by the heaviest screens (/document-type, an order and its
 * sections, a receivable, /fila, /profile, the users screens), so they use zod/mini; a classic
 * `from 'zod'` here puts the classic chunk back on those screens.
 */
const miniOnly = [
  'src/lib/api/strapi.ts',
  'src/lib/session/schemas.ts',
  'src/features/document-types/schema.ts',
  'src/features/document-types/api.ts',
  'src/features/users/schema.ts',
  'src/features/users/api.ts',
  'src/features/customers/schema.ts',
  'src/features/payment-methods/schema.ts',
  'src/features/receivables/schema.ts',
  'src/features/sales-orders/schema.ts',
  'src/features/sales-orders/api.ts',
  'src/features/order-payments/schema.ts',
  'src/features/order-documents/schema.ts',
  'src/features/order-documents/api.ts',
  'src/shared/users.ts',
  'src/shared/customers.ts',
  'src/shared/document-types.ts',
  'src/shared/payment-methods.ts',
  'src/features/profile/schema.ts',
  'src/features/profile/api.ts',
];
const classicZod = /^import\s+(?!type\b)[^;]*from\s+'zod(\/v4)?';/gm;

describe('modules the heaviest screens reach use zod/mini', () => {
  it.each(miniOnly)('%s', (file) => {
    const src = readFileSync(path.resolve(__dirname, '../..', file), 'utf8');
    expect(src).toContain("from 'zod/mini'");
    expect([...src.matchAll(classicZod)].map((m) => m[0])).toEqual([]);
  });
});
