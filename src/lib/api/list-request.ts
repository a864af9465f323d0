/**
 * The request a list's query sends (its collection path and Strapi query, pagination included),
 * kept in the list query's `meta.listRequest` so the list kit can ask the server for the same
 * rows in another form ('Exportar': `<path>/export`, docs/frontend.md "Exporting a list").
 * Plain data (it is persisted with the query's meta).
 */
export interface ListRequest {
  /** Collection path without the API base: '/sales-orders'. */
  path: string;
  /** The Strapi query the list sends (populate, filters, sort, pagination). */
  query: Record<string, unknown>;
}

/** `meta` entries of a list query that carry its request (spread into the query's `meta`). */
export function listRequestMeta(path: string, query: Record<string, unknown>): { listRequest: ListRequest } {
  return { listRequest: { path, query } };
}

/** The list request a query's `meta` carries, or undefined. */
export function listRequestOf(meta: Record<string, unknown> | undefined): ListRequest | undefined {
  const request = meta?.listRequest as Partial<ListRequest> | undefined;
  return typeof request?.path === 'string' && typeof request.query === 'object' && request.query !== null ? (request as ListRequest) : undefined;
}
