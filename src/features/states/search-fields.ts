/**
 * The states list's URL fields, kept free of zod: the route's validateSearch is part of the
 * route tree every page loads, /login included, so importing schema.ts there would pull classic
 * zod into the first load (as sales-orders/search-fields.ts).
 */

/** Sortable columns of the states list. */
export const STATE_SORT_FIELDS = ['id', 'name', 'abbreviation', 'createdAt'] as const;
/** Filter fields of spec 000 §2.9 / §7: id `$eq`, name and abbreviation `$containsi`. */
export const STATE_FILTER_KEYS = ['id', 'name', 'abbreviation'] as const;
