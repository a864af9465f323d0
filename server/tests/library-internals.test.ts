import { createRequire } from 'node:module';
import { expect, it } from 'vitest';

/**
 * The library internals the server reads (docs/performance.md "Search", docs/decisions.md "A search on
 * PostgreSQL in one trip"): when a Strapi upgrade moves or changes one, this file fails with its name
 * instead of every search on PostgreSQL failing at run time.
 */
const require = createRequire(import.meta.url);

it("@strapi/database's fromRow (dist/query/helpers/transform.js) maps columns to attributes through each field's fromDB", () => {
  const { fromRow } = require('@strapi/database/dist/query/helpers/transform.js') as { fromRow: (meta: unknown, row: unknown) => unknown };
  expect(typeof fromRow).toBe('function');
  const meta = {
    attributes: { name: { type: 'string' }, amount: { type: 'integer' }, paid: { type: 'boolean' }, owner: { type: 'relation' } },
    columnToAttribute: { name: 'name', amount_col: 'amount', paid: 'paid', owner: 'owner' },
  };
  const row = { name: 'Cliente', amount_col: '1250', paid: 1, owner: { id: 3 }, not_an_attribute: 'x' };
  expect(fromRow(meta, row)).toEqual({ name: 'Cliente', amount: 1250, paid: true, owner: { id: 3 } });
  expect(fromRow(meta, [row, { name: null }])).toEqual([{ name: 'Cliente', amount: 1250, paid: true, owner: { id: 3 } }, { name: null }]);
  expect(fromRow(meta, null)).toBeNull();
});

it("pg stays on major 8 while Strapi's entity validator checks a write's relations in parallel on the write's connection", () => {
  // @strapi/core dist/services/entity-validator relationsValidation: Promise.all of counts inside the write's transaction.
  // pg 8 queues the second query (its DeprecationWarning "Calling client.query() when the client is already executing a
  // query"); pg 9 refuses it, which would fail every write with a relation (docs/decisions.md "pg 8 under Strapi 5").
  const core = require('node:path').dirname(require.resolve('@strapi/core/package.json')) as string;
  const source = require('node:fs').readFileSync(`${core}/dist/services/entity-validator/index.js`, 'utf8') as string;
  const { version } = require('pg/package.json') as { version: string };
  expect(source.includes('Promise.all')).toBe(true);
  expect(Number(version.split('.')[0])).toBe(8);
});
