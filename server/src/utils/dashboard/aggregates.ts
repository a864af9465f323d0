import type { Core, UID } from '@strapi/strapi';
import type { Knex } from 'knex';
import { scopeFilter, type Scope } from '../scope';
import { rewriteFreeText } from '../search';

/**
 * The SQL pieces of the home's figures (docs/architecture.md "The home's figures"): every figure is
 * one aggregate statement over a content-type's table, restricted to the caller's data scope by the
 * scope module's own filter (`utils/scope.ts` `scopeFilter`), compiled by Strapi's query engine
 * into the id subquery `id IN (SELECT DISTINCT t0.id … WHERE <scope>)`. No page of a list is read.
 */

/** Knex's builder as Strapi hands it out (`strapi.db.connection` is typed by @strapi/database's own knex copy). */
export type Query = Knex.QueryBuilder;

/** The table name and column names of a content-type (`strapi.db.metadata`). */
export interface TableOf {
  table: string;
  column: (attribute: string) => string;
}

/** Table and column names of `uid` as Strapi created them. @throws Error for an attribute that has no column. */
export function tableOf(strapi: Core.Strapi, uid: UID.ContentType): TableOf {
  const meta = strapi.db.metadata.get(uid);
  return {
    table: meta.tableName,
    column(attribute) {
      const attr = meta.attributes[attribute] as { columnName?: string } | undefined;
      if (!attr) throw new Error(`${uid} has no attribute ${attribute}`);
      return attr.columnName ?? attribute;
    },
  };
}

/** The knex of the app's database (SQLite or PostgreSQL). */
export const knexOf = (strapi: Core.Strapi): Knex => strapi.db.connection as unknown as Knex;

/** The rows of one content-type a caller may read, as a where of Strapi's query engine; null: every row. */
export type ScopeWhere = Record<string, unknown> | null;

/**
 * The scope filter of `utils/scope.ts` for `uid` (null for administrators: every row), after the
 * lists' own rewrite of it (utils/search `rewriteFreeText`, the Document Service middleware every
 * list's read goes through): a condition on a to-one relation's id becomes the owners read from the
 * link table's index, instead of joining every row to the link and user tables and keeping the
 * matches (a scan of the whole table). Same rows either way.
 */
export async function scopeWhere(strapi: Core.Strapi, uid: UID.ContentType, scope: Scope): Promise<ScopeWhere> {
  const filter = scopeFilter(uid, scope, 'read');
  return filter ? ((await rewriteFreeText(strapi, uid, filter)) as Record<string, unknown>) : null;
}

/**
 * `FROM <table of uid>` narrowed to `where` (scopeWhere) as `id IN (…)`, the subquery written by
 * Strapi's query engine from it. A knex builder, run when awaited: never return it from an async
 * function (a promise adopts it, which runs it).
 */
export function scopedFrom(strapi: Core.Strapi, uid: UID.ContentType, where: ScopeWhere): Query {
  const query = knexOf(strapi)(tableOf(strapi, uid).table);
  if (!where) return query;
  const owners = onlyIdSubquery(where);
  if (owners) return query.whereIn('id', owners.select);
  const branches = Array.isArray(where.$or) && Object.keys(where).length === 1 ? where.$or.map(onlyIdSubquery) : [];
  if (branches.length && branches.every(Boolean)) {
    // a salesman's orders: his own or his dealership's, two link-table selects
    return query.where((any) => {
      for (const branch of branches) void any.orWhereIn('id', branch!.select);
    });
  }
  const ids = strapi.db.queryBuilder(uid).select('id').where(where).getKnexQuery() as unknown as Query;
  return query.whereIn('id', ids);
}

/**
 * The subquery of a where that is nothing but `{id: {$in: <knex subquery>}}` (possibly inside a
 * one-branch `$and`): a party's scope after the rewrite, the owners read from one link table. Used
 * as it is, the rows are not read once more by id to select the same ids; null for any other shape.
 */
function onlyIdSubquery(where: unknown): { select: Query } | null {
  if (!where || typeof where !== 'object' || Array.isArray(where)) return null;
  const keys = Object.keys(where);
  if (keys.length !== 1) return null;
  const value = (where as Record<string, unknown>)[keys[0]];
  if (keys[0] === '$and') return Array.isArray(value) && value.length === 1 ? onlyIdSubquery(value[0]) : null;
  if (keys[0] !== 'id' || !value || typeof value !== 'object') return null;
  const cond = value as Record<string, unknown>;
  const inner = cond.$in;
  const isBuilder = Object.keys(cond).length === 1 && !!inner && typeof inner === 'object' && typeof (inner as Partial<Query>).toSQL === 'function';
  return isBuilder ? { select: inner as unknown as Query } : null;
}

/**
 * The SQL of an amount in whole centavos, `CAST(ROUND(<column> * 100) AS INTEGER)`: summed as
 * integers, a total is exact on both databases (SQLite keeps decimals as binary floating point).
 */
export function centsSql(column: string): string {
  return `CAST(ROUND(${column} * 100) AS INTEGER)`;
}

/** A COUNT or SUM as the driver answers it (PostgreSQL's bigint and numeric come as strings) → a number; null → 0. */
export function toNumber(value: unknown): number {
  if (value === null || value === undefined) return 0;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) throw new Error(`aggregate is not a number: ${String(value)}`);
  return n;
}

/** Centavos → reais (the API's money unit), exact to the cent. */
export const centsToReais = (cents: number): number => Math.round(cents) / 100;
