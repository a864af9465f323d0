/** Sortable columns of the roles list (zod-free: the /roles route imports it eagerly). Sorted on the client. */
export const ROLE_SORT_FIELDS = ['id', 'name', 'type'] as const;
