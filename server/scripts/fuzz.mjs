#!/usr/bin/env node
/**
 * `npm run fuzz -- [--seed S] [--requests N] [--db sqlite|postgres] [--concurrency C] [--batch B] [--report file.json]`
 * (here or at the repository root): runs tests/fuzz-oracles.test.ts alone, to replay a failure of the
 * suite (same seed, same request count, same database) or for a longer run. PostgreSQL runs on a
 * throw-away cluster (scripts/with-postgres.sh). The seed is printed first; without --seed a random one
 * is drawn. Exit code: the test's.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const options = { seed: String(Math.floor(Math.random() * 2 ** 31)), requests: '10000', db: 'sqlite', concurrency: '', batch: '', report: '' };
for (let i = 0; i < args.length; i++) {
  const m = /^--(seed|requests|db|concurrency|batch|report)(?:=(.*))?$/.exec(args[i]);
  if (!m) {
    console.error(
      `[fuzz] unknown argument ${args[i]}\nusage: npm run fuzz -- [--seed S] [--requests N] [--db sqlite|postgres] [--concurrency C] [--batch B] [--report file.json]`,
    );
    process.exit(2);
  }
  options[m[1]] = m[2] ?? args[++i];
}
if (!['sqlite', 'postgres'].includes(options.db)) {
  console.error(`[fuzz] --db must be sqlite or postgres, not ${options.db}`);
  process.exit(2);
}
console.log(`[fuzz] seed ${options.seed}, ${options.requests} requests, ${options.db}`);
const env = {
  ...process.env,
  FUZZ_SEED: options.seed,
  FUZZ_REQUESTS: options.requests,
  ...(options.concurrency ? { FUZZ_CONCURRENCY: options.concurrency } : {}),
  ...(options.batch ? { FUZZ_BATCH: options.batch } : {}),
  ...(options.report ? { FUZZ_REPORT: path.resolve(options.report) } : {}),
};
const vitest = ['npx', 'vitest', 'run', 'tests/fuzz-oracles.test.ts'];
const [cmd, ...rest] = options.db === 'postgres' ? ['bash', 'scripts/with-postgres.sh', ...vitest] : vitest;
const res = spawnSync(cmd, rest, { cwd: serverDir, stdio: 'inherit', env });
process.exit(res.status ?? 1);
