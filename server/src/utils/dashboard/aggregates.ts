import type { Core, UID } from '@strapi/strapi';
import type { Knex } from 'knex';
import { scopeFilter, type Scope } from '../scope';

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

/**
 * `FROM <table of uid>` narrowed to the rows `scope` may read: the scope filter of `utils/scope.ts`
 * (null for administrators: every row) as `id IN (…)`, the subquery written by Strapi's query
 * engine from that filter (the same joins a list's scope makes).
 */
export function scopedFrom(strapi: Core.Strapi, uid: UID.ContentType, scope: Scope): Query {
  const { table } = tableOf(strapi, uid);
  const query = knexOf(strapi)(table);
  const filter = scopeFilter(uid, scope, 'read');
  if (!filter) return query;
  const ids = strapi.db.queryBuilder(uid).select('id').where(filter).getKnexQuery() as unknown as Query;
  return query.whereIn('id', ids);
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
