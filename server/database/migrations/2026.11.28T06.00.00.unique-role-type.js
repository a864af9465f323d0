'use strict';

const { refuseDuplicates } = require('../unique-values-check');

/**
 * Runs once, before the schema sync creates the unique index of a role's type (src/extensions/users-permissions/
 * strapi-server.ts), refusing to start over repeated types (database/unique-values-check.js).
 */
module.exports = {
  async up(knex) {
    await refuseDuplicates(knex, [['up_roles', 'type']]);
  },
};
