'use strict';

const { refuseDuplicates } = require('../unique-values-check');

/** Runs once, before the schema sync creates the unique indexes of the business values (database/unique-values-check.js). */
module.exports = {
  async up(knex) {
    await refuseDuplicates(knex, [
      ['receivables', 'custom_document_id'],
      ['customers', 'cpf_cnpj'],
      ['states', 'abbreviation'],
      ['up_users', 'username'],
      ['up_users', 'email'],
    ]);
  },
};
