import type { UID } from '@strapi/strapi';

/**
 * Text attributes that get a trigram index (docs/architecture.md "Free-text search"): the own
 * columns the `$containsi` branches of the receivables and sales-orders search boxes read
 * (spec 001 §7; src/features/receivables/strapi-query.ts, src/features/sales-orders/strapi-query.ts),
 * plus the text columns of the related tables those boxes search that can grow large (customers,
 * users). Attribute names as in the schemas (`documentId`, not `document_id`); every one must be a
 * string-like scalar. The small lookup tables (payment methods, companies) need none.
 */
export const SEARCH_INDEXED: Partial<Record<UID.ContentType, readonly string[]>> = {
  'api::receivable.receivable': ['document_number', 'documentId', 'card_brand', 'cpf_cnpj_cliente', 'card_last4'],
  'api::sales-order.sales-order': ['documentId', 'status_in'],
  'api::customer.customer': ['name', 'cpf_cnpj'],
  'plugin::users-permissions.user': ['name', 'username'],
};

/** Content-types whose list/count queries get their free-text `$or` rewritten (utils/search/rewrite.ts). */
export const SEARCH_REWRITTEN: readonly UID.ContentType[] = ['api::receivable.receivable', 'api::sales-order.sales-order'];

/**
 * Shortest term (in characters) the index path takes: a trigram index cannot narrow a shorter
 * substring, so shorter terms keep Strapi's own query (same answers, a scan).
 */
export const MIN_INDEXED_TERM = 3;

/** Longest term the index path takes (a longer one keeps Strapi's own query). */
export const MAX_INDEXED_TERM = 200;
