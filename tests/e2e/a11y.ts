import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** A violation as a readable line: rule, impact and the offending markup. */
export type AxeViolationLine = string;

/**
 * Runs axe-core (the engine of Lighthouse's accessibility audit) in the page on `selector`
 * (default the whole document) and returns its violations, one line each (empty: none).
 * The engine is evaluated through the DevTools protocol, so the app's CSP does not refuse it.
 */
export async function axeViolations(page: Page, options: { selector?: string; run?: RunOptions } = {}): Promise<AxeViolationLine[]> {
  await page.evaluate(`${AXE_SOURCE}\n;undefined`);
  const results = await page.evaluate(
    ({ selector, run }) => (window as unknown as { axe: { run(ctx: unknown, o: unknown): Promise<AxeResults> } }).axe.run(selector ?? document, run ?? {}),
    { selector: options.selector, run: options.run },
  );
  return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact ?? '?'}): ${n.html}`));
}
