import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { formatDistanceToNowStrict } from 'date-fns';
import { ptBR } from 'date-fns/locale/pt-BR';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataAgeText } from '@/components/layout/offline-status';
import { importGraph, root } from './helpers/import-graph';

/**
 * Heaviest route ≤ 220 KiB (docs/performance.md): two things a form or a date does not download.
 * - Maskito and the masks (~4 KiB gzipped) load only with a form that has a CPF/CNPJ, phone or CEP
 *   input (`useMaskedAppForm`, components/form/masked-form.tsx): the form kit and the forms
 *   without one (the /document-type modal, an order, the registers) do not reach them.
 * - date-fns' text formatters and its en-US locale (~5 KiB) are never downloaded: dates are
 *   written with `lightFormat` (numeric patterns) and read with `parseISO`, and no module imports a
 *   date-fns function that imports its default locale (`parse`, `formatDistance…`): the data's age
 *   is written with pt-BR's own `formatDistance` (components/layout/offline-status.tsx).
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
  it('no module imports a date-fns function that reaches its en-US default locale', () => {
    const dateFns = path.join(root, 'node_modules/date-fns');
    // The files a date-fns function's module reaches through its relative imports.
    const reach = (name: string) => {
      const seen = new Set<string>();
      const queue = [path.join(dateFns, `${name}.js`)];
      while (queue.length) {
        const file = queue.pop()!;
        if (seen.has(file)) continue;
        seen.add(file);
        for (const [, spec] of readFileSync(file, 'utf8').matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+"(\.[^"]+)";/gm))
          queue.push(path.resolve(path.dirname(file), spec!));
      }
      return [...seen].map((f) => path.relative(dateFns, f));
    };
    const enUS = (name: string) => reach(name).includes('locale/en-US.js');
    // The walk sees the default locale where it is (a date-fns whose layout changed fails here).
    expect(enUS('parse') && enUS('formatDistanceToNowStrict')).toBe(true);
    expect(enUS('parseISO') || enUS('lightFormat')).toBe(false);
    const imported = readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f))
      .flatMap((f) =>
        [...readFileSync(path.join(root, 'src', f), 'utf8').matchAll(/^import\s+(?!type\b)\{([^}]*)\}\s*from\s+'date-fns';/gm)].flatMap((m) =>
          m[1]!
            .split(',')
            .map((n) => n.trim())
            .filter((n) => n && !n.startsWith('type ')),
        ),
      );
    expect(imported).toEqual(expect.arrayContaining(['parseISO', 'lightFormat', 'differenceInSeconds']));
    expect([...new Set(imported)].filter(enUS)).toEqual([]);
  });
});

describe("the data's age reads as date-fns' formatDistanceToNowStrict writes it in pt-BR", () => {
  afterEach(() => vi.useRealTimers());
  it.each([
    ['0 seconds', 0],
    ['1 second', 1_000],
    ['59 seconds', 59_999],
    ['1 minute', 60_000],
    ['59 minutes', 3_599_000],
    ['1 hour', 3_600_000],
    ['2 hours and a minute', 7_260_000],
    ['23 hours', 86_399_000],
    ['1 day', 86_400_000],
    ['29 days', 29 * 86_400_000],
    ['30 days', 30 * 86_400_000],
    ['11 months', 335 * 86_400_000],
    ['364 days', 364 * 86_400_000],
    ['1 year', 365 * 86_400_000],
    ['3 years', 3 * 366 * 86_400_000],
  ])('%s', (_, age) => {
    // A day of May: no daylight saving change in São Paulo or UTC over the spans above.
    vi.useFakeTimers({ now: new Date('2026-05-20T15:00:00Z'), toFake: ['Date'] });
    const at = Date.now() - age;
    expect(dataAgeText(at)).toBe(`atualizado ${formatDistanceToNowStrict(at, { locale: ptBR, addSuffix: true, roundingMethod: 'floor' })}`);
  });
});
