import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Vitest's order, except that fuzz files run last: their generated writes may change seeded rows. */
class FuzzLastSequencer extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isFuzz = (f: TestSpecification) => /fuzz[^/]*\.test\.ts$/.test(f.moduleId);
    return [...sorted.filter((f) => !isFuzz(f)), ...sorted.filter(isFuzz)];
  }
}

/**
 * Server tests: one real Strapi (globalSetup) on a temporary SQLite file, or on
 * PostgreSQL when DATABASE_CLIENT=postgres; every test talks to it over HTTP.
 */
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    reporters: ['default'],
    sequence: { sequencer: FuzzLastSequencer },
  },
});
