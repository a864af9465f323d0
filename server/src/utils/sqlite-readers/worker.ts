import Database from 'better-sqlite3';

/**
 * The reader thread of `utils/sqlite-readers` (a piscina worker): one read-only connection to the app's
 * SQLite file, opened at the first task, with its prepared statements kept by their SQL text.
 */
let connection: { filename: string; db: Database.Database; statements: Map<string, Database.Statement> } | undefined;

/** How many distinct statements a reader keeps prepared (the home's few, with room to spare). */
const MAX_STATEMENTS = 64;

/** One read task: the rows of `sql` with `bindings` (knex's SQLite bindings: no Date, no boolean). */
export default function read({ filename, sql, bindings }: { filename: string; sql: string; bindings: unknown[] }): unknown[] {
  if (!connection || connection.filename !== filename) {
    connection?.db.close();
    const db = new Database(filename, { readonly: true, fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    connection = { filename, db, statements: new Map() };
  }
  let statement = connection.statements.get(sql);
  if (!statement) {
    if (connection.statements.size >= MAX_STATEMENTS) connection.statements.clear();
    statement = connection.db.prepare(sql);
    connection.statements.set(sql, statement);
  }
  return statement.all(bindings);
}
