import type { Core, UID } from '@strapi/strapi';
import type { Json } from './types';

/**
 * On PostgreSQL, locks the rows `where` names (`SELECT … FOR UPDATE` in the current transaction): another transaction
 * writing them waits until this one commits, then reads what it left. SQLite runs one write transaction at a time
 * (`BEGIN IMMEDIATE`, utils/sqlite-writers.ts): nothing to do there.
 */
export async function lockRows(strapi: Core.Strapi, uid: UID.Schema, where: Json): Promise<void> {
  if (strapi.db.dialect.client !== 'postgres') return;
  await strapi.db.queryBuilder(uid).select(['id']).where(where).forUpdate().execute();
}

const LOCKED_ACTIONS = new Set(['update', 'delete']);

/**
 * A Document Service middleware: an update or a delete of a document first locks its rows, in one transaction with the
 * write. Strapi's update reads the row, writes it, and after the commit emits `entry.update` with what the write
 * returned; a delete of the same document between that read and that write left the event without an entry, and its
 * TypeError, thrown in a commit callback nothing awaits, ended the process (the PostgreSQL fuzz run, seed 420614069:
 * a PUT and a DELETE of one notification at once). Locked, the second writer starts after the first committed and
 * finds the row, or its absence (a 404), before it reads. Registered in src/index.ts `register`.
 */
export function registerRowLocks(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    const documentId = (context.params as Json | undefined)?.documentId;
    if (strapi.db.dialect.client !== 'postgres' || !LOCKED_ACTIONS.has(context.action) || typeof documentId !== 'string') return next();
    return strapi.db.transaction(async () => {
      await lockRows(strapi, context.uid, { documentId });
      return next();
    });
  });
}
