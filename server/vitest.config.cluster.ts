import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The business half of the API suite first (through the balancer), then the cluster's own tests (which restart instances). */
class BusinessFirstSequencer extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isCluster = (f: TestSpecification) => f.moduleId.includes('/tests-cluster/');
    return [...sorted.filter((f) => !isCluster(f)), ...sorted.filter(isCluster)];
  }
}

/**
 * `npm run test:cluster` (docs/deploy.md): HAProxy, two Strapi instances,
 * PostgreSQL and s3rver on 127.0.0.1:7100–7199, started and stopped by tests-cluster/global-setup.ts.
 * Runs tests/business-*.test.ts through the balancer, then tests-cluster/*.test.ts.
 * CLUSTER_ONLY=1 leaves the business files out.
 */
export default defineConfig({
  test: {
    include: ['tests-cluster/**/*.test.ts', ...(process.env.CLUSTER_ONLY === '1' ? [] : ['tests/business-*.test.ts'])],
    globalSetup: ['tests-cluster/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 300_000,
    reporters: ['default'],
    sequence: { sequencer: BusinessFirstSequencer },
  },
});
