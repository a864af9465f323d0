import { writeFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { generateBatches } from './helpers/fuzz';
import { idempotencyFindings, newTally, runBatch } from './helpers/fuzz-batch';
import { openDatabase } from './helpers/fuzz-db';
import { makeFixtures, samplesOf } from './helpers/fuzz-fixtures';
import { Runner, type Finding, type Oracle } from './helpers/fuzz-run';
import type { FuzzModel } from './helpers/fuzz-scalars';
import { startTarget } from './helpers/fuzz-target';

/**
 * Differential fuzzing with oracles: fast-check generates requests for EVERY content-API route the
 * running Strapi reports (route table + content-type schemas: a new route or relation is covered
 * without a new test) — filters, sorts, pagination, populate, bodies, multipart uploads, ids in every
 * form, other spellings of the path, Idempotency-Keys — as the administrator, each scoped role and
 * anonymously, against the compiled app run by `strapi start` in its own process on its own database
 * (helpers/fuzz-target.ts). Oracles (helpers/fuzz-batch.ts):
 * - liveness: after every batch the process runs, answers /_health and logged no unhandled rejection
 *   or uncaught exception; - status: no 5xx, no network error;
 * - scope: no non-administrator answer holds a record outside its scope, no filter matches through
 *   data the caller is not shown, no non-administrator batch changes a row or stored file outside its
 *   scope (ground truth from the database: helpers/fuzz-truth.ts, not the server's rules);
 * - spelling: respelt paths get the canonical outcome (or 404); - values: ids in coerced forms and
 *   mismatched pairs are subject to all of the above; - idempotency: a replayed answer belongs to the same request.
 *
 * FUZZ_REQUESTS (default 10,000; respelt twins are extra), FUZZ_SEED (printed, and in every failure),
 * FUZZ_CONCURRENCY (6), FUZZ_BATCH (requests per batch, 100), FUZZ_REPORT (a file for the findings as JSON). `npm run fuzz -- --seed S --requests N
 * [--db sqlite|postgres]` sets them. Runs last (vitest.config.ts): it is the longest file.
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const SEED = process.env.FUZZ_SEED !== undefined ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 6);
const BATCH = Number(process.env.FUZZ_BATCH ?? 100);
const ORACLES: Oracle[] = ['liveness', 'status', 'scope-read', 'scope-write', 'spelling', 'values', 'idempotency'];

describe('differential fuzzing with oracles', () => {
  it(
    `no crash, 5xx, scope violation, foreign change or spelling difference in ${REQUESTS} generated requests (seed ${SEED})`,
    { timeout: 60 * 60_000 },
    async () => {
      const { routes, contentTypes } = inject('contentApi');
      const dbModel = inject('dbModel');
      const database = inject('database');
      const replay = `npm run fuzz -- --seed ${SEED} --requests ${REQUESTS}${database.client === 'postgres' ? ' --db postgres' : ''}`;
      console.log(`[fuzz] seed=${SEED} requests=${REQUESTS} database=${database.client} routes=${routes.length} (replay: ${replay})`);
      const started = Date.now();
      const target = await startTarget(
        database.client === 'postgres' ? { host: database.host, port: database.port, user: database.user, password: database.password } : null,
      );
      const reader = await openDatabase(target.database, target.publicDir);
      const runner = new Runner(target, reader, dbModel, CONCURRENCY);
      try {
        await runner.ensureLogins();
        const fixtureErrors = await makeFixtures(runner);
        await runner.refresh();
        const model: FuzzModel = { routes, types: new Map(contentTypes.map((c) => [c.uid, c])), samples: samplesOf(runner.world, dbModel) };
        runner.buildPools(model);
        const batches = generateBatches(model, SEED, REQUESTS, BATCH);
        const bootSeconds = (Date.now() - started) / 1000;
        const tally = newTally();
        for (const batch of batches) {
          await runBatch(runner, batch, tally, replay);
          await runner.ensureLogins();
        }
        idempotencyFindings(tally, replay);

        const byOracle = (o: Oracle) => tally.findings.filter((f) => f.oracle === o || (o === 'values' && f.coerced));
        const summary = Object.fromEntries(ORACLES.map((o) => [o, { requests: tally.checked[o], findings: byOracle(o).length }]));
        const routesHit = new Set(batches.flatMap((b) => b.requests.map((q) => `${q.route.method} ${q.route.path}`))).size;
        console.log(
          `[fuzz] ${JSON.stringify({
            seed: SEED,
            database: database.client,
            requests: tally.sent,
            batches: batches.length,
            routes: routes.length,
            routesHit,
            oracles: summary,
            histogram: tally.histogram,
            restarts: tally.restarts,
            statementTimeouts: tally.statementTimeouts,
            slowReads: tally.slowReads,
            repairs: runner.repairs,
            keepAliveRetries: runner.http.keepAliveRetries,
            fixtureErrors,
            bootSeconds,
            seconds: (Date.now() - started) / 1000,
          })}`,
        );
        // FUZZ_REPORT=<file>: every finding and the summary as JSON, for a report or a diff between runs
        if (process.env.FUZZ_REPORT)
          writeFileSync(process.env.FUZZ_REPORT, JSON.stringify({ seed: SEED, replay, summary, findings: tally.findings, routes: tally.routes }, null, 1));
        const show = (f: Finding) => `[${f.oracle}${f.coerced ? '+values' : ''}] batch ${f.batch} as ${f.role}: ${f.message}\n  ${f.request}`;
        const examples = ORACLES.flatMap((o) =>
          byOracle(o)
            .filter((f) => o === 'values' || f.oracle === o)
            .slice(0, o === 'values' ? 0 : 8),
        ).map(show);
        if (examples.length) console.log(`[fuzz] findings (first of each oracle):\n${examples.join('\n')}`);

        expect(tally.sent).toBeGreaterThanOrEqual(REQUESTS);
        expect(routesHit, 'every route is fuzzed (a run needs at least as many requests as there are routes)').toBe(routes.length);
        expect(tally.findings.map(show), `seed ${SEED} (${replay}); per oracle: ${JSON.stringify(summary)}`).toEqual([]);
      } finally {
        runner.http.close();
        await reader.close();
        await target.stop();
      }
    },
  );
});
