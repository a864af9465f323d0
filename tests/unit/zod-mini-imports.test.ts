import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 14 (heaviest route ≤ 220 KiB): zod's classic API costs ~13 KiB gzipped on top of its core,
 * and ONE classic import anywhere in a screen's graph downloads it. These modules are reached by
 * every screen (lib/api/strapi.ts) or by /document-type and the users screens, so they use
 * zod/mini; a classic `from 'zod'` here puts the classic chunk back on those screens.
 */
const miniOnly = [
  'src/lib/api/strapi.ts',
  'src/lib/session/schemas.ts',
  'src/features/document-types/schema.ts',
  'src/features/document-types/api.ts',
  'src/features/users/schema.ts',
  'src/features/users/api.ts',
];
const classicZod = /^import\s+(?!type\b)[^;]*from\s+'zod(\/v4)?';/gm;

describe('modules every screen or the document-type/users screens reach use zod/mini', () => {
  it.each(miniOnly)('%s', (file) => {
    const src = readFileSync(path.resolve(__dirname, '../..', file), 'utf8');
    expect(src).toContain("from 'zod/mini'");
    expect([...src.matchAll(classicZod)].map((m) => m[0])).toEqual([]);
  });
});
