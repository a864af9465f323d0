// zod-free: the /payment-methods route's validateSearch reads these (entry bundle, docs/frontend.md).

/** Sort fields of the payment methods list (spec 001 §2 "Payment methods": includes max_installments and interest_tax). */
export const PAYMENT_METHOD_SORT_FIELDS = ['id', 'name', 'createdAt', 'max_installments', 'interest_tax'] as const;
/** Filter fields (spec 001 §2): id `$eq`, name `$containsi`, online and active tri-state (`$eq` true/false or none). */
export const PAYMENT_METHOD_FILTER_KEYS = ['id', 'name', 'is_online_payment', 'is_active'] as const;
