import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecondStrapi } from './helpers/second-strapi';

/**
 * utils/search/rewrite.ts in process (issue 14 "Free-text search that scales"): the REST path turns
 * a relation branch whose target matches nothing into `{rel: {id: {$null: true, $notNull: true}}}`
 * (utils/query-errors.ts relationBranchesToIds). Such a branch is false on every row; left in the
 * `$or`, its join kept every API search on the scan path (the API was 3–5× the core find). The
 * rewrite drops it, so the whole `$or` becomes the one indexed `{id: {$in: subquery}}`.
 */
const require = createRequire(import.meta.url);
const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { rewriteFreeText } = require(path.join(appDir, 'dist/src/utils/search/rewrite.js'));
const UID = 'api::receivable.receivable';
const NEVER = { $null: true, $notNull: true };

let server: Awaited<ReturnType<typeof startSecondStrapi>>;
beforeAll(async () => {
  server = await startSecondStrapi({ AUTH_RATELIMIT: 'false' });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('the search rewrite drops branches that can never match', () => {
  it('a text search with never-matching relation and number branches becomes one indexed id subquery', async () => {
    const out = await rewriteFreeText(server.strapi, UID, {
      $and: [
        {
          $or: [
            { card_brand: { $containsi: 'visa' } },
            { payment_method_id: { id: NEVER } },
            { user_dispatcher_id: { id: NEVER } },
            { amount_original: NEVER },
            { document_number: { $containsi: 'visa' } },
          ],
        },
      ],
    });
    const or = out.$and[0].$or;
    expect(or).toHaveLength(1);
    expect(Object.keys(or[0])).toEqual(['id']);
    expect(Object.keys(or[0].id)).toEqual(['$in']);
  });

  it('without a text branch the $or is left to Strapi as it came (never branches included)', async () => {
    const filters = { $or: [{ payment_method_id: { id: NEVER } }, { installments: { $eq: 3 } }] };
    expect(await rewriteFreeText(server.strapi, UID, filters)).toEqual(filters);
  });

  it('an $or of other shapes keeps them beside the subquery', async () => {
    const out = await rewriteFreeText(server.strapi, UID, {
      $or: [{ card_brand: { $containsi: 'visa' } }, { payment_method_id: { id: NEVER } }, { status_in: { $eq: 'paid' } }],
    });
    expect(out.$or).toHaveLength(2);
    expect(out.$or[1]).toEqual({ status_in: { $eq: 'paid' } });
  });
});
