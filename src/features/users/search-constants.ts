// zod-free: the /users route's validateSearch imports these into the entry bundle (docs/frontend.md).

/** 'Ordenar por' of the users list and its sortable columns (spec 000 §2.6): id, username, name, email, createdAt. */
export const USER_SORT_FIELDS = ['id', 'username', 'name', 'email', 'createdAt'] as const;

/** Filters of the users list (spec 000 §2.6, §7): id and blocked `$eq`; username, email, name `$containsi`. */
export const USER_FILTER_KEYS = ['id', 'username', 'email', 'name', 'blocked'] as const;
