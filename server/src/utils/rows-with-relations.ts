import type { Core, UID } from '@strapi/strapi';
import type { Knex } from 'knex';
import type { Json } from './types';

// Strapi's own row hydration (the query engine's `fromRow`: column names to attribute names, each
// scalar through its field's `fromDB`), so rows read here come out exactly as the query engine gives them.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { fromRow } = require('@strapi/database/dist/query/helpers/transform.js') as { fromRow: (meta: unknown, row: unknown) => Json | null };

/** What this module reads of `strapi.db.metadata` for a relation attribute. */
interface RelationMeta {
  type: string;
  relation?: string;
  target?: string;
  morphBy?: string;
  joinColumn?: unknown;
  joinTable?: {
    name: string;
    joinColumn: { name: string; referencedColumn: string };
    inverseJoinColumn: { name: string; referencedColumn: string };
    orderBy?: Record<string, 'asc' | 'desc'>;
    on?: unknown;
  };
}

/** What this module reads of `strapi.db.metadata` for a model. */
interface ModelMeta {
  uid: string;
  tableName: string;
  attributes: Record<string, RelationMeta & { columnName?: string }>;
}

const TO_ONE = new Set(['oneToOne', 'manyToOne']);
const TO_MANY = new Set(['oneToMany', 'manyToMany']);
/** Scalar types whose value `row_to_json` writes as the driver reads it (or as Strapi's `fromDB` reads either form). */
const JSON_SAFE = new Set([
  'string',
  'text',
  'richtext',
  'email',
  'password',
  'uid',
  'enumeration',
  'integer',
  'float',
  'decimal',
  'boolean',
  'date',
  'time',
  'datetime',
  'timestamp',
  'json',
  'increments',
]);

const meta = (strapi: Core.Strapi, uid: string) => strapi.db.metadata.get(uid) as unknown as ModelMeta;

/**
 * True when the relation `name` of `uid` can be read by {@link readRows}: a plain relation through a
 * link table (no morph, no join column, no join condition) to a content-type without draft & publish or
 * locales whose every column `row_to_json` writes in a form Strapi's hydration reads alike (no
 * biginteger: JSON numbers lose digits beyond 2^53).
 */
export function readableRelation(strapi: Core.Strapi, uid: string, name: string): boolean {
  const attribute = meta(strapi, uid)?.attributes[name];
  if (!attribute || attribute.type !== 'relation' || !attribute.joinTable || attribute.joinTable.on || attribute.morphBy) return false;
  if (!TO_ONE.has(attribute.relation ?? '') && !TO_MANY.has(attribute.relation ?? '')) return false;
  const target = strapi.contentTypes[attribute.target as UID.ContentType] ?? (attribute.target ? strapi.getModel(attribute.target as UID.Schema) : undefined);
  if (!target || (target as { options?: { draftAndPublish?: boolean } }).options?.draftAndPublish) return false;
  if ((target as { pluginOptions?: { i18n?: { localized?: boolean } } }).pluginOptions?.i18n?.localized) return false;
  const targetMeta = meta(strapi, attribute.target!);
  return Object.values(targetMeta.attributes).every((a) => a.type === 'relation' || JSON_SAFE.has(a.type));
}

/** A relation read beside the rows: its attribute name, and optionally a SQL condition on the target's `id` whose value comes back with each target. */
export interface RelationRead {
  name: string;
  /**
   * SQL about each target row, given the row's alias (e.g. `alias.id IN (<select>)`): its value, as PostgreSQL's
   * JSON gives it, comes back with each target (see {@link ReadRows.marks}).
   */
  mark?: (alias: string) => Knex.Raw | Knex.QueryBuilder;
}

/** The rows {@link readRows} read: entities as Strapi's query engine hydrates them, and the marks asked for. */
export interface ReadRows {
  rows: Json[];
  /** Per relation name with a mark: target id → the mark's value for that target. */
  marks: Map<string, Map<number, unknown>>;
  /** The total a {@link PageSelect}'s `count` gave (undefined without one). */
  total?: number;
  /** Per row id, the values of the `extras` asked for (by name). */
  extras: Map<number, Record<string, unknown>>;
}

/**
 * A page of ids in its order, as a statement of its own: a select whose column `__page_id` gives the
 * page's ids in the page's order (utils/search/one-trip.ts), and optionally a select of one row `{count}`, the
 * total. {@link readRows} reads the rows (and the total) in the same statement.
 */
export interface PageSelect {
  page: Knex.QueryBuilder;
  count?: Knex.QueryBuilder | null;
}

/**
 * `SELECT <root>.*, <one JSON column per relation> FROM <uid's table> WHERE id IN (ids)`: ONE statement
 * answering what `strapi.db.query(uid).findMany({where: {id: {$in: ids}}, populate: relations})` answers
 * (same objects: Strapi's own hydration; to-one: the linked row or null; to-many: the linked rows in the
 * link table's order, [] when none), in the order of `ids`. `ids` may also be a {@link PageSelect}: the
 * page's select then runs inside the same statement (`unnest(ARRAY(<page>)) WITH ORDINALITY`, joined
 * to the table), and the rows come in its order. Tables, columns, link tables and their
 * order columns come from Strapi's metadata. Every relation must pass {@link readableRelation}. `extras`: more
 * scalar selects per row (correlated to `t0`), by name, answered in {@link ReadRows.extras}.
 * PostgreSQL only (`row_to_json`, `json_agg`). Throws what the database throws.
 */
export async function readRows(
  strapi: Core.Strapi,
  uid: string,
  ids: number[] | PageSelect,
  relations: RelationRead[],
  extras: Record<string, Knex.QueryBuilder> = {},
): Promise<ReadRows> {
  const knex = strapi.db.connection;
  const root = meta(strapi, uid);
  const columns: (string | Knex.Raw)[] = ['t0.*'];
  relations.forEach((relation, i) => columns.push(knex.raw('(?) as ??', [relationJson(strapi, root, relation, i), `__relation_${i}`])));
  const extraNames = Object.keys(extras);
  extraNames.forEach((name, i) => columns.push(knex.raw('(?) as ??', [extras[name], `__extra_${i}`])));
  let raw: Json[];
  let total: number | undefined;
  if (Array.isArray(ids)) raw = (ids.length ? await knex(`${root.tableName} as t0`).select(columns).whereIn('t0.id', ids) : []) as unknown as Json[];
  else {
    const page = knex.raw('unnest(ARRAY(SELECT "p"."__page_id" FROM ? AS "p")) WITH ORDINALITY AS "__page"("id", "n") INNER JOIN ?? ON ?? = ??', [
      ids.page,
      `${root.tableName} as t0`,
      't0.id',
      '__page.id',
    ]);
    // with a count: `FROM (SELECT (<count>)) LEFT JOIN (<page's rows>) ON true`, one row with the total even for an empty page
    const counted = ids.count !== undefined && ids.count !== null;
    const query = counted
      ? knex
          .from(knex.raw('(SELECT (?) AS "total") AS "__c"', [ids.count]))
          .joinRaw('LEFT JOIN (?) ON true', [page])
          .select(knex.raw('?? AS "__total"', ['__c.total']), ...columns)
      : knex.from(page).select(columns);
    raw = (await query.orderBy('__page.n')) as unknown as Json[];
    if (counted) {
      total = Number(raw[0]?.__total ?? 0);
      raw = raw.filter((row) => row.id !== null);
      for (const row of raw) delete row.__total;
    }
  }
  const marks = new Map<string, Map<number, unknown>>();
  const byId = new Map<number, Json>();
  const extraValues = new Map<number, Record<string, unknown>>();
  for (const row of raw) {
    if (extraNames.length) {
      extraValues.set(Number(row.id), Object.fromEntries(extraNames.map((name, i) => [name, row[`__extra_${i}`]])));
      extraNames.forEach((_, i) => delete row[`__extra_${i}`]);
    }
    relations.forEach((relation, i) => {
      const attribute = root.attributes[relation.name];
      const targetMeta = meta(strapi, attribute.target!);
      let value = row[`__relation_${i}`] as unknown;
      delete row[`__relation_${i}`];
      if (relation.mark !== undefined) {
        const seen = marks.get(relation.name) ?? new Map<number, unknown>();
        marks.set(relation.name, seen);
        const unwrap = (pair: [Json, unknown]) => {
          seen.set(Number(pair[0].id), pair[1]);
          return pair[0];
        };
        value =
          Array.isArray(value) && TO_MANY.has(attribute.relation!) ? (value as [Json, unknown][]).map(unwrap) : value ? unwrap(value as [Json, unknown]) : null;
      }
      row[relation.name] = TO_MANY.has(attribute.relation!)
        ? ((value as Json[] | null) ?? []).map((one) => fromRow(targetMeta, asDriverRow(targetMeta, one)))
        : value
          ? fromRow(targetMeta, asDriverRow(targetMeta, value as Json))
          : null;
    });
    byId.set(Number(row.id), fromRow(root, row)!);
  }
  const order = Array.isArray(ids) ? ids : raw.map((row) => Number(row.id));
  return { rows: order.map((id) => byId.get(id)).filter((row): row is Json => row !== undefined), marks, total, extras: extraValues };
}

/** A target row from `row_to_json` as the driver would give it: JSON attributes back to their text (Strapi's `fromDB` parses text). */
function asDriverRow(targetMeta: ModelMeta, row: Json): Json {
  for (const attribute of Object.values(targetMeta.attributes)) {
    if (attribute.type !== 'json' || !attribute.columnName) continue;
    const value = row[attribute.columnName];
    if (value !== null && value !== undefined) row[attribute.columnName] = JSON.stringify(value);
  }
  return row;
}

/** The scalar subquery giving relation `relation` of the root row `t0` as JSON (an object or null; an array). */
function relationJson(strapi: Core.Strapi, root: ModelMeta, relation: RelationRead, i: number): Knex.QueryBuilder {
  const knex = strapi.db.connection;
  const attribute = root.attributes[relation.name];
  const jt = attribute.joinTable!;
  const target = meta(strapi, attribute.target!);
  const x = `r${i}`;
  const l = `l${i}`;
  const row = relation.mark !== undefined ? knex.raw('json_build_array(row_to_json(??), ?)', [x, relation.mark(x)]) : knex.raw('row_to_json(??)', [x]);
  const from = knex(`${target.tableName} as ${x}`)
    .innerJoin(`${jt.name} as ${l}`, `${l}.${jt.inverseJoinColumn.name}`, `${x}.${jt.inverseJoinColumn.referencedColumn}`)
    .whereRaw('?? = ??', [`${l}.${jt.joinColumn.name}`, `t0.${jt.joinColumn.referencedColumn}`]);
  if (TO_ONE.has(attribute.relation!)) return from.select(row).limit(1);
  // the link table's order (Strapi's populate: joinTable.orderBy), ties by target id as its DISTINCT sorts them
  const order = [
    ...Object.entries(jt.orderBy ?? {}).map(([column, dir]) => `${knex.raw('??', [`${l}.${column}`])} ${dir === 'desc' ? 'desc' : 'asc'}`),
    `${knex.raw('??', [`${x}.id`])} asc`,
  ];
  return from.select(knex.raw(`coalesce(json_agg(? order by ${order.join(', ')}), '[]'::json)`, [row]));
}
