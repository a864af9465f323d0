import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';

/**
 * Runs `query` (a bare knex builder: a read Strapi's query engine cannot express) on the caller's transaction when
 * there is one, as the query engine does for its own queries, and answers its rows. Outside a transaction it runs on
 * the pool. Without this, a bare read inside a transaction waits for a pooled connection: on SQLite the only one,
 * which the transaction itself holds, until knex's acquire timeout (a 500 after 60 s).
 * @throws what the database throws.
 */
export async function readInCurrentTransaction<T = Record<string, unknown>>(strapi: Core.Strapi, query: Knex.QueryBuilder): Promise<T[]> {
  if (strapi.db.inTransaction()) query.transacting((await strapi.db.transaction()).get() as unknown as Knex.Transaction);
  return (await query) as T[];
}
