import { defineConfig } from 'vitest/config';

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
  },
});
