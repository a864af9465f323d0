import type { Core, UID } from '@strapi/strapi';
import { SEARCH_INDEXED, SEARCH_REWRITTEN } from './config';

/** What the search modules read of Strapi's database metadata for one attribute. */
export interface AttributeMeta {
  type: string;
  columnName?: string;
  relation?: string;
  target?: UID.ContentType;
  joinTable?: { name: string; joinColumn: { name: string }; inverseJoinColumn: { name: string }; on?: unknown };
}

/** What the search modules read of Strapi's database metadata for one content-type. */
export interface ModelMeta {
  tableName: string;
  attributes: Record<string, AttributeMeta>;
}

/** Attribute types whose `$containsi` compares the stored text as is (no value cast). */
export const TEXT_TYPES = new Set(['string', 'text', 'email', 'uid', 'enumeration']);

/** `strapi.db.metadata.get(uid)` through {@link ModelMeta}; null for an unknown uid. */
export function modelMeta(strapi: Core.Strapi, uid: string): ModelMeta | null {
  try {
    return strapi.db.metadata.get(uid) as unknown as ModelMeta;
  } catch {
    return null;
  }
}

/** The database dialect: 'postgres', 'sqlite' or another client name. */
export function dialectOf(strapi: Core.Strapi): string {
  return strapi.db.dialect.client === 'sqlite' || strapi.db.dialect.client === 'better-sqlite3' ? 'sqlite' : strapi.db.dialect.client;
}

/** Table and columns of one indexed content-type (config.ts), read from the metadata. */
export interface IndexedTable {
  uid: UID.ContentType;
  table: string;
  columns: string[];
}

/** The indexed content-types of config.ts with their table and column names (unknown ones skipped). */
export function indexedTables(strapi: Core.Strapi): IndexedTable[] {
  const out: IndexedTable[] = [];
  for (const [uid, attributes] of Object.entries(SEARCH_INDEXED) as [UID.ContentType, readonly string[]][]) {
    const meta = modelMeta(strapi, uid);
    if (!meta) continue;
    const columns = attributes.map((a) => meta.attributes[a]).filter((a) => a && TEXT_TYPES.has(a.type) && a.columnName) as Required<AttributeMeta>[];
    if (columns.length) out.push({ uid, table: meta.tableName, columns: columns.map((c) => c.columnName) });
  }
  return out;
}

/**
 * The link tables of the to-one relations of the rewritten content-types, each with its
 * (target id, owner id) columns: a covering index on that pair lets "the owners of these targets"
 * (rewrite.ts, relation branches) be read from the index alone.
 */
export function linkTables(strapi: Core.Strapi): { table: string; columns: [string, string] }[] {
  const out: { table: string; columns: [string, string] }[] = [];
  for (const uid of SEARCH_REWRITTEN) {
    for (const attribute of Object.values(modelMeta(strapi, uid)?.attributes ?? {})) {
      const jt = attribute.joinTable;
      if (attribute.type !== 'relation' || !/^(manyToOne|oneToOne)$/.test(attribute.relation ?? '') || !jt || jt.on) continue;
      out.push({ table: jt.name, columns: [jt.inverseJoinColumn.name, jt.joinColumn.name] });
    }
  }
  return out;
}

/** Name of the covering (target, owner) index of a link table. */
export const linkIndex = (table: string) => `${table}_search`.slice(0, 63);

/** Name of the FTS5 table that indexes `table` on SQLite. */
export const ftsTable = (table: string) => `${table}_fts`;

/**
 * The FTS5 query of the SQLite index (ensureSqlite) for "any of `columns` contains `term`": the
 * term lowered as SQLite's `LOWER` lowers (ASCII letters only, like the indexed values), as one
 * phrase (quotes doubled). Exact for terms of ≥ 3 characters (MIN_INDEXED_TERM); shorter phrases
 * match nothing in a trigram index.
 */
export const ftsPhrase = (columns: string[], term: string) =>
  `{${columns.join(' ')}} : "${term.replace(/[A-Z]+/g, (s) => s.toLowerCase()).replace(/"/g, '""')}"`;

/** Name of the trigram GIN index of `table`.`column` on PostgreSQL (≤ 63 characters). */
export const trigramIndex = (table: string, column: string) => `${table}_${column}_trgm`.slice(0, 63);

/**
 * Content-types whose index is usable, per Strapi instance: on SQLite the ones whose FTS5 table and
 * triggers are in place; on PostgreSQL the indexed ones when pg_trgm is installed. The query
 * rewrite (rewrite.ts) is exact either way; this only decides whether the SQLite path asks FTS5.
 */
const ready = new WeakMap<Core.Strapi, Set<string>>();

/** true when the index of `uid` can be used (see {@link ensureSearchIndexes}). */
export function indexReady(strapi: Core.Strapi, uid: string): boolean {
  return ready.get(strapi)?.has(uid) ?? false;
}

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Creates the free-text indexes of config.ts, idempotently, on every start (called from
 * bootstrap while the boot lock is held, so instances starting together do it one at a time):
 * - PostgreSQL: `CREATE EXTENSION IF NOT EXISTS pg_trgm` and one GIN index per column on
 *   `lower(CAST(col AS VARCHAR)) gin_trgm_ops`, the very expression Strapi's `$containsi` compiles to
 *   (`LOWER(CAST(col AS VARCHAR)) LIKE LOWER(?)`), so the planner can answer it from the index;
 *   `fastupdate = off`: GIN's pending list (new entries not yet merged, up to 4 MB until a vacuum)
 *   is read in full by every search — after the large seed, 9,000 entries made each column's lookup
 *   ~10 ms even for a term that matches nothing; with it off, a write pays its index update at once;
 * - SQLite: one contentless FTS5 table per content-type (`<table>_fts`, trigram tokenizer, case
 *   sensitive) holding `LOWER(col)` of each indexed column, kept in sync by AFTER INSERT/UPDATE/DELETE
 *   triggers. `LOWER` is SQLite's (ASCII letters only), the very one of Strapi's `$containsi`
 *   (`LOWER(col) LIKE LOWER(?)`), and a trigram phrase of ≥ 3 characters matches exactly the rows
 *   holding it as a substring, so a MATCH of the ASCII-lowered term (ftsPhrase) answers that LIKE
 *   with no re-check of the rows. (Trigram's own case folding is Unicode-wide: 'ÇÃO' would match
 *   'ção', which SQLite's LIKE does not.) When the FTS table is new, its definition changed, or a
 *   trigger is missing (Strapi rebuilt the table in a schema change, which drops its triggers), the
 *   table and triggers are made again and the index filled from the rows.
 * Both: a covering (target id, owner id) index on the link table of every to-one relation of the
 * rewritten content-types (`<link table>_search`), for the relation branches.
 * Never throws: a database without pg_trgm rights or FTS5 logs a warning and keeps Strapi's plain
 * (slower, same answers) path. Returns what is ready, for tests and logs.
 */
export async function ensureSearchIndexes(strapi: Core.Strapi): Promise<string[]> {
  const done = new Set<string>();
  ready.set(strapi, done);
  const dialect = dialectOf(strapi);
  const tables = indexedTables(strapi);
  try {
    const knex = strapi.db.connection;
    const schema = dialect === 'postgres' ? strapi.db.getSchemaName() : undefined;
    for (const { table, columns } of linkTables(strapi)) {
      const target = schema ? `${q(schema)}.${q(table)}` : q(table);
      await knex.raw(`CREATE INDEX IF NOT EXISTS ${q(linkIndex(table))} ON ${target} (${columns.map(q).join(', ')})`);
    }
    if (dialect === 'postgres') await ensurePostgres(strapi, tables, done);
    else if (dialect === 'sqlite') await ensureSqlite(strapi, tables, done);
  } catch (err) {
    strapi.log.warn(`[search] free-text indexes not created (${(err as Error).message}); searches use the plain path`);
  }
  return [...done];
}

async function ensurePostgres(strapi: Core.Strapi, tables: IndexedTable[], done: Set<string>) {
  const knex = strapi.db.connection;
  const schema = strapi.db.getSchemaName();
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  for (const { uid, table, columns } of tables) {
    const target = schema ? `${q(schema)}.${q(table)}` : q(table);
    for (const column of columns) {
      const index = trigramIndex(table, column);
      const qualified = schema ? `${q(schema)}.${q(index)}` : q(index);
      await knex.raw(
        `CREATE INDEX IF NOT EXISTS ${q(index)} ON ${target} USING gin (lower(CAST(${q(column)} AS VARCHAR)) gin_trgm_ops) WITH (fastupdate = off)`,
      );
      // an index made before fastupdate was turned off: turn it off and merge what its pending list holds
      await knex.raw(`ALTER INDEX ${qualified} SET (fastupdate = off)`);
      await knex.raw('SELECT gin_clean_pending_list(?::regclass)', [qualified]);
    }
    done.add(uid);
  }
}

async function ensureSqlite(strapi: Core.Strapi, tables: IndexedTable[], done: Set<string>) {
  const knex = strapi.db.connection;
  const master = async (type: string, name: string): Promise<string | null> => {
    const rows: { sql: string }[] = await knex.raw('SELECT sql FROM sqlite_master WHERE type = ? AND name = ?', [type, name]);
    return rows[0]?.sql ?? null;
  };
  for (const { uid, table, columns } of tables) {
    const fts = ftsTable(table);
    const cols = columns.map(q).join(', ');
    const create = `CREATE VIRTUAL TABLE ${q(fts)} USING fts5(${cols}, content='', contentless_delete=1, tokenize='trigram case_sensitive 1')`;
    const lowered = (prefix: string) => columns.map((c) => `LOWER(${prefix}${q(c)})`).join(', ');
    const insert = `INSERT INTO ${q(fts)}(rowid, ${cols}) VALUES (new."id", ${lowered('new.')});`;
    const remove = `DELETE FROM ${q(fts)} WHERE rowid = old."id";`;
    const triggers: [string, string][] = [
      [`${fts}_ai`, `CREATE TRIGGER ${q(`${fts}_ai`)} AFTER INSERT ON ${q(table)} BEGIN ${insert} END`],
      [`${fts}_ad`, `CREATE TRIGGER ${q(`${fts}_ad`)} AFTER DELETE ON ${q(table)} BEGIN ${remove} END`],
      [`${fts}_au`, `CREATE TRIGGER ${q(`${fts}_au`)} AFTER UPDATE OF ${cols} ON ${q(table)} BEGIN ${remove} ${insert} END`],
    ];
    const current = await master('table', fts);
    let stale = current !== create;
    for (const [name, sql] of triggers) if ((await master('trigger', name)) !== sql) stale = true;
    if (stale) {
      const started = Date.now();
      await knex.transaction(async (trx) => {
        for (const [name] of triggers) await trx.raw(`DROP TRIGGER IF EXISTS ${q(name)}`);
        await trx.raw(`DROP TABLE IF EXISTS ${q(fts)}`);
        await trx.raw(create);
        await trx.raw(`INSERT INTO ${q(fts)}(rowid, ${cols}) SELECT "id", ${lowered('')} FROM ${q(table)}`);
        for (const [, sql] of triggers) await trx.raw(sql);
      });
      strapi.log.info(`[search] ${fts} (FTS5 trigram) built in ${Date.now() - started} ms`);
    }
    done.add(uid);
  }
}
