// zod-free: the /sales-items route's validateSearch reads these (entry bundle, docs/frontend.md).

/** Sort fields of the sales items list (spec 001 §2 "Sales items": includes price and billing_type). */
export const SALES_ITEM_SORT_FIELDS = ['id', 'name', 'price', 'billing_type', 'createdAt'] as const;
/** The five on/off flags of a sales item (spec 001 §3). */
export const SALES_ITEM_FLAGS = ['is_state_tax', 'is_ipva', 'is_discount_allowed', 'is_vehicle_financed', 'is_special_plate'] as const;
/** The three amounts whose sum is the price (spec 001 §5). */
export const SALES_ITEM_AMOUNTS = ['vehicle_documentation_company_amount', 'vehicle_sales_company_amount', 'platform_amount'] as const;
/** Filter fields (spec 001 §2): id, price, the amounts, the flags and billing_type `$eq`; name `$containsi`. */
export const SALES_ITEM_FILTER_KEYS = ['id', 'name', 'price', ...SALES_ITEM_AMOUNTS, ...SALES_ITEM_FLAGS, 'billing_type'] as const;
