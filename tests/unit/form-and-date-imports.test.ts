import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { dateFnsPtBrDefault } from '../../scripts/vite/date-fns-locale';
import { importGraph, root } from './helpers/import-graph';

/**
 * Heaviest route ≤ 220 KiB (docs/performance.md): two things a form or a date does not download.
 * - Maskito and the masks (~4 KiB gzipped) load only with a form that has a CPF/CNPJ, phone or CEP
 *   input (`useMaskedAppForm`, components/form/masked-form.tsx): the form kit and the forms
 *   without one (the /document-type modal, an order, the registers) do not reach them.
 * - date-fns' text formatters and its en-US locale (~5 KiB) are never downloaded: dates are
 *   written with `lightFormat` (numeric patterns), and the build makes pt-BR date-fns' default
 *   locale (scripts/vite/date-fns-locale.ts), which `parse` and `formatDistanceToNowStrict` import.
 */
const formsWithMasks = new Set(
  readdirSync(path.join(root, 'src/features'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.tsx'))
    .map((f) => `src/features/${f}`)
    .filter((f) => readFileSync(path.join(root, f), 'utf8').includes("from '@/components/form/masked-form'")),
);
const formsWithoutMasks = readdirSync(path.join(root, 'src/features'), { recursive: true, encoding: 'utf8' })
  .map((f) => `src/features/${f}`)
  .filter((f) => f.endsWith('.tsx') && !formsWithMasks.has(f) && readFileSync(path.join(root, f), 'utf8').includes("from '@/components/form'"));
const maskModules = (files: string[]) => {
  const { packages, modules } = importGraph(files);
  return [
    ...[...packages].filter(([name]) => name.startsWith('@maskito/')).map(([name, by]) => `${name} (from ${by})`),
    ...[...modules].filter((m) => m === 'src/lib/masks.ts'),
  ];
};

describe('forms without a masked input download no Maskito', () => {
  it('the masked fields reach Maskito and the masks (the walk sees them)', () => {
    expect(maskModules(['src/components/form/masked-form.tsx'])).toEqual(
      expect.arrayContaining([expect.stringMatching(/^@maskito\/react/), 'src/lib/masks.ts']),
    );
    expect([...formsWithMasks]).toEqual(expect.arrayContaining(['src/features/customers/customer-form.tsx', 'src/features/companies/company-form.tsx']));
  });
  it('the form kit (components/form/index.ts) does not', () => {
    expect(maskModules(['src/components/form/index.ts'])).toEqual([]);
  });
  it('the forms without one do not (the /document-type modal among them)', () => {
    expect(formsWithoutMasks).toEqual(
      expect.arrayContaining(['src/features/document-types/document-type-form.tsx', 'src/features/sales-orders/sales-order-form.tsx']),
    );
    expect(maskModules([...formsWithoutMasks, 'src/features/document-types/document-type-screen.tsx'])).toEqual([]);
  });
});

describe("date-fns' text formatters and en-US locale are not downloaded", () => {
  it("no module imports date-fns' format (lightFormat writes the numeric patterns)", () => {
    const dateFnsFormat = /^import\s+(?!type\b)\{[^}]*\bformat\b[^}]*\}\s*from\s+'date-fns(\/format)?';/m;
    const sources = readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f));
    expect(sources.length).toBeGreaterThan(50);
    const offenders = sources.filter((f) => dateFnsFormat.test(readFileSync(path.join(root, 'src', f), 'utf8')));
    expect(offenders).toEqual([]);
  });
  it('the build makes pt-BR the default locale', () => {
    expect(readFileSync(path.join(root, 'vite.config.ts'), 'utf8')).toMatch(/^\s+dateFnsPtBrDefault\(\),$/m);
    const file = path.join(root, 'node_modules/date-fns/_lib/defaultLocale.js');
    const transform = dateFnsPtBrDefault().transform as { filter: { id: RegExp }; handler: (this: unknown, code: string, id: string) => { code: string } };
    expect(transform.filter.id.test(file)).toBe(true);
    const errors: string[] = [];
    const ctx = { error: (m: string) => errors.push(m) } as unknown as Plugin;
    const out = transform.handler.call(ctx, readFileSync(file, 'utf8'), file);
    expect(errors).toEqual([]);
    expect(out.code).toContain('export { ptBR as defaultLocale } from "../locale/pt-BR.js";');
    expect(out.code).not.toContain('en-US');
  });
});
