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
