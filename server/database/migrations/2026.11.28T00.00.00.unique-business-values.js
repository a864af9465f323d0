'use strict';

/**
 * Runs once, before Strapi's schema sync creates the unique indexes of the business values
 * (docs/architecture.md "Concurrent writes"). A database written before those indexes existed may hold
 * duplicates that a race let through; the index cannot be created over them and the start would end in a
 * driver error. This names them instead and stops the start, writing nothing: the duplicates are merged or
 * changed by hand (they are business records: none is deleted here), then the next start runs this again.
 * A new database (no tables yet) has nothing to check.
 */
const UNIQUE = [
  ['receivables', 'custom_document_id'],
  ['customers', 'cpf_cnpj'],
  ['states', 'abbreviation'],
  ['up_users', 'username'],
  ['up_users', 'email'],
];

module.exports = {
  async up(knex) {
    const found = [];
    for (const [table, column] of UNIQUE) {
      if (!(await knex.schema.hasTable(table)) || !(await knex.schema.hasColumn(table, column))) continue;
      const rows = await knex(table).select(column).count({ n: '*' }).whereNotNull(column).groupBy(column).havingRaw('count(*) > 1').limit(20);
      for (const row of rows) found.push(`${table}.${column} = ${JSON.stringify(row[column])} (${row.n} registros)`);
    }
    if (found.length) {
      throw new Error(
        `Valores repetidos impedem os índices únicos; corrija-os e inicie de novo / Duplicate values block the unique indexes; fix them and start again:\n  ${found.join('\n  ')}`,
      );
    }
  },
};
