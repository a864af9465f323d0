import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOGINS, SEED_PASSWORD } from './helpers/api';
import { requestFrom, startSecondStrapi } from './helpers/second-strapi';

/**
 * Conditions across relations as semi-joins (src/utils/semi-joins.ts) select exactly the rows Strapi's joins
 * select: random filters on the content-types with relations (scalar conditions with every null-sensitive operator,
 * relation conditions nested three deep, `$and`, `$or` and `$not`) are run through the Document Service with the
 * rewrite (the default) and without it (SEMI_JOINS=false, read per call), on a second Strapi in this process sharing
 * the run's database; the ids, in order, and the count must be the same, and a filter one refuses the other refuses too.
 */
const database = inject('database');
let server: Awaited<ReturnType<typeof startSecondStrapi>>;

const UIDS = [
  'api::sales-order.sales-order',
  'api::sales-order-item.sales-order-item',
  'api::sales-order-document.sales-order-document',
  'api::receivable.receivable',
  'api::company.company',
  'api::document-type.document-type',
  'plugin::users-permissions.user',
];
const OPERATORS = ['$eq', '$ne', '$null', '$notNull', '$lt', '$gt', '$containsi', '$in', '$notIn', '$eqi', '$nei', '$notContainsi'];
const VALUES: Record<string, unknown[]> = {
  string: ['a', '', 'SP', 'pending', null],
  number: [0, 1, 3, 100, 1000.5, null],
  date: ['2026-01-01', '2020-01-01T00:00:00.000Z', null],
  boolean: [true, false, null],
};
/** `$null`/`$notNull` values in the spellings a query string gives them (Strapi casts them to booleans after our middlewares). */
const NULL_FLAGS = [true, false, 'true', 'false', 't', 'f', '1', '0', 1, 0, 'x', ''];
const kindOf = (type: string) =>
  ['integer', 'biginteger', 'decimal', 'float'].includes(type)
    ? 'number'
    : ['date', 'datetime', 'timestamp'].includes(type)
      ? 'date'
      : type === 'boolean'
        ? 'boolean'
        : 'string';

type Attr = { type: string; relation?: string; target?: string };
const attributes = (uid: string): [string, Attr][] => Object.entries((server.strapi.getModel(uid as never) as { attributes: Record<string, Attr> }).attributes);
const scalars = (uid: string) => [
  'id',
  ...attributes(uid)
    .filter(([, a]) =>
      ['string', 'text', 'email', 'password', 'enumeration', 'integer', 'biginteger', 'decimal', 'float', 'date', 'datetime', 'boolean'].includes(a.type),
    )
    .map(([name]) => name),
];
const relations = (uid: string) =>
  attributes(uid).filter(([, a]) => a.type === 'relation' && a.target && !String(a.relation).startsWith('morph') && UIDS.includes(a.target));

/** A random condition on `uid`, `depth` relations deep. */
function condition(uid: string, depth: number): fc.Arbitrary<unknown> {
  const type = (name: string) => (name === 'id' ? 'integer' : (attributes(uid).find(([n]) => n === name)?.[1].type ?? 'string'));
  const scalar = fc.constantFrom(...scalars(uid)).chain((name) =>
    fc
      .tuple(fc.constantFrom(...OPERATORS), fc.constantFrom(...VALUES[kindOf(type(name))]), fc.constantFrom(...NULL_FLAGS), fc.nat(5))
      .map(([op, value, flag, form]) => ({
        [name]: {
          [op]:
            op === '$null' || op === '$notNull'
              ? flag
              : // a list for any operator: Strapi ORs a list's members for the others, and an empty one is no condition
                form === 0
                ? []
                : form === 1
                  ? [value]
                  : form === 2
                    ? [null, value]
                    : op === '$in' || op === '$notIn'
                      ? [value, ...VALUES[kindOf(type(name))].slice(0, 2)]
                      : value,
        },
      })),
  );
  const options: fc.Arbitrary<unknown>[] = [scalar, scalar];
  const rels = relations(uid);
  if (depth < 3 && rels.length) {
    const relation = fc.constantFrom(...rels).chain(([name, a]) => condition(a.target!, depth + 1).map((inner) => ({ [name]: inner })));
    // an operator on the relation itself (Strapi reads it on the target's id), alone, beside an attribute, or two
    const onRelation = fc
      .tuple(
        fc.constantFrom(...rels),
        fc.constantFrom<Record<string, unknown>>(
          { $in: [1, 2, 3] },
          { $eq: 1 },
          { $null: true },
          { $notNull: true },
          { $ne: 2 },
          { $notIn: [1] },
          { $not: { id: 1 } },
          { $eq: 1, id: 2 },
          { $in: [1], $ne: 2 },
        ),
      )
      .map(([[name], operator]) => ({ [name]: operator }));
    options.push(relation, relation, relation, onRelation);
  }
  if (depth < 3) {
    const pair = fc.array(condition(uid, depth + 1), { minLength: 1, maxLength: 3 });
    options.push(
      pair.map((list) => ({ $and: list })),
      pair.map((list) => ({ $or: list })),
      condition(uid, depth + 1).map((inner) => ({ $not: inner })),
    );
  }
  return fc.oneof(...options);
}

/** The ids (in order) and the count of `filters` on `uid`, or that it was refused. */
async function answer(uid: string, filters: unknown, semiJoins: boolean) {
  process.env.SEMI_JOINS = semiJoins ? 'true' : 'false';
  try {
    const documents = server.strapi.documents(uid as never);
    const rows = (await documents.findMany({ filters, sort: 'id:asc', limit: 500, fields: ['id'] } as never)) as { id: number }[];
    const count = await documents.count({ filters } as never);
    return { ids: rows.map((r) => r.id), count };
  } catch {
    // both refusing is the same answer; the message may differ (which bad condition Strapi meets first)
    return { refused: true };
  } finally {
    delete process.env.SEMI_JOINS;
  }
}

describe('conditions across relations as semi-joins', () => {
  beforeAll(async () => {
    server = await startSecondStrapi({ AUTH_RATELIMIT: 'false' }, database);
  }, 180_000);
  afterAll(async () => {
    delete process.env.SEMI_JOINS;
    await server?.stop();
  });

  it('select the rows, in the order and the count, that the joins select', async () => {
    let matched = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...UIDS).chain((uid) => condition(uid, 0).map((filters) => ({ uid, filters }))),
        async ({ uid, filters }) => {
          const joined = await answer(uid, filters, false);
          const semi = await answer(uid, filters, true);
          expect(semi, JSON.stringify({ uid, filters })).toEqual(joined);
          if ('ids' in joined && joined.ids.length) matched++;
        },
      ),
      { numRuns: 2000, seed: 20261128 },
    );
    // the filters are not all empty answers: most find rows
    expect(matched).toBeGreaterThan(100);
  }, 300_000);

  it('through the REST API: an operator on a relation itself answers as Strapi reads it', async () => {
    const login = await requestFrom(server.port, 'POST', '/api/auth/local', { body: { identifier: LOGINS.admin, password: SEED_PASSWORD } });
    const headers = { Authorization: `Bearer ${login.body.jwt}` };
    const path = '/api/sales-order-items?filters[sales_order][$in][0]=1&filters[sales_order][$in][1]=2&sort=id&pagination[pageSize]=100';
    const semi = await requestFrom(server.port, 'GET', path, { headers });
    process.env.SEMI_JOINS = 'false';
    const joined = await requestFrom(server.port, 'GET', path, { headers }).finally(() => delete process.env.SEMI_JOINS);
    expect(semi.status, JSON.stringify(semi.body)).toBe(200);
    expect(semi.body.data.length).toBeGreaterThan(0);
    expect(semi.body).toEqual(joined.body);
  });

  it('reach the query engine without a relation key, on every read that takes filters', async () => {
    const uid = 'api::sales-item.sales-item';
    const documents = server.strapi.documents(uid as never);
    const [first] = (await documents.findMany({ sort: 'id:asc', limit: 1, fields: ['id'] } as never)) as { documentId: string }[];
    const filters = { $and: [{ state_id: { name: { $containsi: 'a' } } }, { vehicle_type_id: { id: { $notNull: true } } }] };
    // registered last, so innermost: it sees the filters as Strapi's query engine will read them
    const seen: Record<string, string> = {};
    const subquery = (_key: string, value: unknown) => (value && typeof (value as { toSQL?: unknown }).toSQL === 'function' ? '<subquery>' : value);
    const remove = server.strapi.documents.use(async (context, next) => {
      const params = context.params as { filters?: unknown };
      if (context.uid === uid && params.filters) seen[context.action] = JSON.stringify(params.filters, subquery);
      return next();
    }) as unknown as () => void;
    try {
      await documents.findMany({ filters } as never);
      await documents.findFirst({ filters } as never);
      await documents.findOne({ documentId: first.documentId, filters } as never);
      await documents.count({ filters } as never);
    } finally {
      remove();
    }
    expect(Object.keys(seen).sort()).toEqual(['count', 'findFirst', 'findMany', 'findOne']);
    for (const [action, json] of Object.entries(seen)) {
      expect(json, action).not.toMatch(/state_id|vehicle_type_id/);
      expect(json, action).toContain('<subquery>');
    }
  });
});
