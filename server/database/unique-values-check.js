'use strict';

/**
 * The check the unique-index migrations run (database/migrations/*unique*.js), before Strapi's schema sync
 * creates the unique indexes (docs/architecture.md "Concurrent writes"). A database written before those indexes
 * existed may hold duplicates that a race let through; the index cannot be created over them and the start would
 * end in a driver error. This names them instead and stops the start, writing nothing: the duplicates are merged or
 * changed by hand (they are business records: none is deleted here), then the next start runs the migration again.
 * A new database (no tables yet) has nothing to check.
 *
 * @param {import('knex').Knex} knex
 * @param {[table: string, column: string][]} unique the columns the indexes will cover
 * @throws Error listing up to 20 repeated values per column
 */
async function refuseDuplicates(knex, unique) {
  const found = [];
  for (const [table, column] of unique) {
    if (!(await knex.schema.hasTable(table)) || !(await knex.schema.hasColumn(table, column))) continue;
    const rows = await knex(table).select(column).count({ n: '*' }).whereNotNull(column).groupBy(column).havingRaw('count(*) > 1').limit(20);
    for (const row of rows) found.push(`${table}.${column} = ${JSON.stringify(row[column])} (${row.n} registros)`);
  }
  if (found.length) {
    throw new Error(
      `Valores repetidos impedem os índices únicos; corrija-os e inicie de novo / Duplicate values block the unique indexes; fix them and start again:\n  ${found.join('\n  ')}`,
    );
  }
}

module.exports = { refuseDuplicates };
