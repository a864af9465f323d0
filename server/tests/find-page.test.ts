import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecondStrapi } from './helpers/second-strapi';

/**
 * utils/find-page.ts: the scoped list's page and count, sent together. It must answer
 * exactly what Strapi's core service `find` answers for every pagination shape (paged, offset,
 * defaults, the maxLimit cap, withCount on/off, a bad withCount), and start the count before the
 * page's findMany has finished.
 */
const require = createRequire(import.meta.url);
const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { findPage } = require(path.join(appDir, 'dist/src/utils/find-page.js'));
const UID = 'api::receivable.receivable';

let server: Awaited<ReturnType<typeof startSecondStrapi>>;
beforeAll(async () => {
  server = await startSecondStrapi({ AUTH_RATELIMIT: 'false' });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('findPage answers as the core service find', () => {
  it('same results and meta.pagination for every pagination shape', async () => {
    const sort = ['id:desc'];
    const cases = [
      {},
      { sort },
      { sort, pagination: { page: 2, pageSize: 5 } },
      { sort, pagination: { page: '3', pageSize: '4' } },
      { sort, pagination: { pageSize: 7 } },
      { sort, pagination: { start: 3, limit: 6 } },
      { sort, pagination: { start: '2' } },
      { sort, pagination: { limit: 500 } },
      { sort, pagination: { page: 1, pageSize: 500 } },
      { sort, pagination: { page: 1, pageSize: 5, withCount: false } },
      { sort, pagination: { start: 0, limit: 5, withCount: 'f' } },
      { sort, pagination: { page: 1, pageSize: 5, withCount: 't' } },
      { sort, filters: { status_in: { $eq: 'paid' } }, pagination: { page: 1, pageSize: 3 } },
      { sort, filters: { $or: [{ card_brand: { $containsi: 'visa' } }, { status_in: { $eq: 'paid' } }] }, pagination: { page: 2, pageSize: 3 } },
    ];
    for (const params of cases) {
      const ours = await findPage(server.strapi, UID, params);
      const core = await server.strapi.service(UID).find(params);
      expect(ours, JSON.stringify(params)).toEqual(core);
    }
    const counted = await findPage(server.strapi, UID, { pagination: { page: 1, pageSize: 5 } });
    expect(counted.pagination.total).toBeGreaterThan(5);
  });

  it('the same errors (or answers) for odd pagination: a bad withCount, page 0, page beside start', async () => {
    for (const pagination of [{ page: 0 }, { page: 1, start: 2 }, { page: -1, pageSize: 0 }]) {
      const ours = await findPage(server.strapi, UID, { pagination }).catch((e: Error) => e);
      const core = await server.strapi
        .service(UID)
        .find({ pagination })
        .catch((e: Error) => e);
      const label = JSON.stringify(pagination);
      if (core instanceof Error) expect([ours.name, ours.message], label).toEqual([core.name, core.message]);
      else expect(ours, label).toEqual(core);
    }
    // a bad withCount: Strapi's ValidationError, with our Portuguese text
    const bad = await findPage(server.strapi, UID, { pagination: { withCount: 'maybe' } }).catch((e: Error) => e);
    expect([bad instanceof Error && bad.name, bad instanceof Error && bad.message]).toEqual([
      'ValidationError',
      'Paginação inválida: pagination[withCount] deve ser true, false, t, f, 1 ou 0.',
    ]);
  });

  it('the count starts before the page has been read', async () => {
    const events: string[] = [];
    server.strapi.documents.use(async (ctx: { uid: string; action: string }, next: () => Promise<unknown>) => {
      if (ctx.uid !== UID || !['findMany', 'count'].includes(ctx.action)) return next();
      events.push(`start ${ctx.action}`);
      const out = await next();
      events.push(`end ${ctx.action}`);
      return out;
    });
    await findPage(server.strapi, UID, { pagination: { page: 1, pageSize: 5 } });
    expect(events.indexOf('start count')).toBeGreaterThan(-1);
    expect(events.indexOf('start count')).toBeLessThan(events.indexOf('end findMany'));
  });
});
