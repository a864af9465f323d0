/**
 * The orders list's URL fields (spec 001 §2 Sales orders: sort and filter fields), kept free of
 * zod: the route's validateSearch is part of the route tree every page loads, /login included,
 * so importing schema.ts there would pull classic zod into the first load.
 */
export const SALES_ORDER_SORT_FIELDS = ['id', 'billing_date', 'original_amount', 'current_amount', 'status_in'] as const;
export const SALES_ORDER_FILTER_KEYS = ['id', 'from', 'to', 'dispatcher', 'company', 'customer', 'seller', 'status'] as const;
