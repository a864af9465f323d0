// zod-free: the /customers route's validateSearch reads these (entry bundle, docs/frontend.md).

/** Sort fields of the customers list (spec 001 §2 "Customers"). */
export const CUSTOMER_SORT_FIELDS = ['id', 'name', 'createdAt', 'cpf_cnpj', 'email'] as const;
/** Filter fields (spec 001 §2, §7): id `$eq`; name, cpf_cnpj, email, phone_number `$containsi`. */
export const CUSTOMER_FILTER_KEYS = ['id', 'name', 'cpf_cnpj', 'email', 'phone_number'] as const;
