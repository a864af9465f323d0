import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { root } from './helpers/import-graph';

/**
 * The arrows of docs/frontend.md are ESLint zones (eslint.config.js): features never import each
 * other (what two need lives in src/shared/), shared/ never reaches up, lib/ stays the bottom, and
 * src/app reads a feature only through the files its message names. Each case lints a probe file
 * placed where the import would be written, with the project's own configuration.
 */
// Only the zones: probe files exist nowhere, so the type-aware rules (project service) stay out.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths',
});

/** The no-restricted-paths messages of `code` written at `file` (a path from the repository root). */
async function zoneMessages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe('import zones', () => {
  it('refuse a feature importing another feature, naming the public files and src/shared/', async () => {
    const messages = await zoneMessages('src/features/customers/probe.ts', "export { stateData } from '@/features/states/api';\n");
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('A feature never imports another feature');
    expect(messages[0]).toContain('src/shared/');
    expect(messages[0]).toContain('resource.ts, api.ts, keys.ts, outbox.ts');
  });

  it('let a feature import shared reference data and its own files', async () => {
    expect(
      await zoneMessages('src/features/customers/probe.ts', "export { stateOptions } from '@/shared/states';\nexport { customerData } from './api';\n"),
    ).toEqual([]);
  });

  it('refuse shared/ reaching into a feature, and lib/ into shared/', async () => {
    const [shared] = await zoneMessages('src/shared/probe.ts', "export { stateData } from '@/features/states/api';\n");
    expect(shared).toContain('src/shared/ never imports features, app/ or routes: it is what they share.');
    expect(await zoneMessages('src/lib/probe.ts', "export { stateOptions } from '@/shared/states';\n")).toHaveLength(1);
  });

  it("let src/app read a feature's public files only", async () => {
    expect(await zoneMessages('src/app/probe.ts', "export { stateResource } from '@/features/states/resource';\n")).toEqual([]);
    const [message] = await zoneMessages('src/app/probe.ts', "export { stateFormSchema } from '@/features/states/schema';\n");
    expect(message).toContain('app/ reads a feature only through its public files: resource.ts, api.ts, keys.ts, outbox.ts.');
  });
});
