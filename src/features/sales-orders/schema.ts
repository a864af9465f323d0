// zod/mini: see lib/api/strapi.ts.
import * as z from 'zod/mini';
import { moneySchema, strapiIdSchema, strapiRelation } from '@/lib/api/strapi';
import { customerRefSchema } from '@/shared/customers';
import { userDisplayName, userRefSchema, type UserRef } from '@/shared/users';
import { ORDER_STATUSES, normalizeOrderStatus, type OrderStatus } from '@/shared/order-status';
import { sortFields } from '@/lib/resource-lists';
import { salesOrderResource } from './resource';

/**
 * Sales orders: the API record (spec 001 §3, docs/architecture.md), the order form (spec 001 §5)
 * and the list search (spec 001 §2, §9). Their payments and documents are features of their own
 * (features/order-payments, features/order-documents).
 *
 * Money fields of the records are parsed from reais (number or decimal string) to
 * **centavos** here, at the edge; everything after this file computes in centavos.
 */

export const namedRefSchema = z.looseObject({
  id: strapiIdSchema,
  documentId: z.optional(z.string()),
  name: z.nullish(z.string()),
});

export const companyRefSchema = z.looseObject({
  id: strapiIdSchema,
  documentId: z.optional(z.string()),
  trade_name: z.nullish(z.string()),
  legal_name: z.nullish(z.string()),
  name: z.nullish(z.string()),
});

/** A sales order as `GET /sales-orders?populate=*` returns it (spec 001 §3). Money in centavos. */
export const salesOrderSchema = z.looseObject({
  id: strapiIdSchema,
  documentId: z.string(),
  user_id: strapiRelation(userRefSchema),
  customer_id: strapiRelation(customerRefSchema),
  vehicle_type_id: strapiRelation(namedRefSchema),
  user_company_id: strapiRelation(userRefSchema),
  user_dispatcher_id: strapiRelation(userRefSchema),
  vehicle_documentation_company_id: strapiRelation(companyRefSchema),
  status_in: z.nullish(z.string()),
  sales_type: z.nullish(z.string()),
  vehicle_price: moneySchema,
  billing_date: z.nullish(z.string()),
  original_amount: moneySchema,
  current_amount: moneySchema,
  is_vehicle_financed: z.nullish(z.boolean()),
  is_vehicle_special_plate: z.nullish(z.boolean()),
  createdAt: z.nullish(z.string()),
  updatedAt: z.nullish(z.string()),
});
export type SalesOrder = z.infer<typeof salesOrderSchema>;

/** Despachante column/field: the dispatcher user's name, else the documentation company's name (spec 001 §3 "fallback text"). */
export function orderDispatcherName(order: Pick<SalesOrder, 'user_dispatcher_id' | 'vehicle_documentation_company_id'>): string {
  const user = order.user_dispatcher_id as UserRef | { id: number } | null;
  const fromUser = user && ('name' in user || 'username' in user) ? userDisplayName(user as UserRef) : '';
  if (fromUser) return fromUser;
  const company = order.vehicle_documentation_company_id as z.infer<typeof companyRefSchema> | { id: number } | null;
  return company && 'trade_name' in company ? company.trade_name || company.name || company.legal_name || '' : '';
}

/* ------------------------------------------------------------------ form */

const centsField = (negativeMessage: string) => z.number().check(z.int(), z.gte(0, negativeMessage));

/**
 * The order form 'Novo pedido' / 'Editar pedido' (spec 001 §2, §5). Amounts are in
 * **centavos** (typed as digits); `billing_date` is an ISO datetime whose calendar day the
 * date input edits. `user_dispatcher_id` 0 means "none chosen".
 */
export const salesOrderFormSchema = z.object({
  status_in: z.enum(ORDER_STATUSES),
  billing_date: z.string({ error: 'Data de faturamento é obrigatória' }).check(z.minLength(1, 'Data de faturamento é obrigatória')),
  user_dispatcher_id: z.number().check(z.int(), z.gte(0)),
  vehicle_price: centsField('Preço do veículo não pode ser negativo'),
  original_amount: centsField('Valor original não pode ser negativo'),
  current_amount: centsField('Valor atual não pode ser negativo'),
  is_vehicle_financed: z.boolean(),
  is_vehicle_special_plate: z.boolean(),
});
export type SalesOrderFormValues = z.infer<typeof salesOrderFormSchema>;

/** Defaults of a new order: pending, billed now, amounts 0, switches off (spec 001 §9). */
export function newSalesOrderDefaults(now: Date = new Date()): SalesOrderFormValues {
  return {
    status_in: 'pending',
    billing_date: now.toISOString(),
    user_dispatcher_id: 0,
    vehicle_price: 0,
    original_amount: 0,
    current_amount: 0,
    is_vehicle_financed: false,
    is_vehicle_special_plate: false,
  };
}

/** Form values of an existing order; an unknown status is shown as pending. */
export function salesOrderToForm(order: SalesOrder): SalesOrderFormValues {
  return {
    status_in: normalizeOrderStatus(order.status_in),
    billing_date: order.billing_date ?? '',
    user_dispatcher_id: order.user_dispatcher_id?.id ?? 0,
    vehicle_price: order.vehicle_price,
    original_amount: order.original_amount,
    current_amount: order.current_amount,
    is_vehicle_financed: order.is_vehicle_financed ?? false,
    is_vehicle_special_plate: order.is_vehicle_special_plate ?? false,
  };
}

/** The `{data}` body of POST/PUT /sales-orders: reais, relations as ids, unknown status → pending. */
export interface SalesOrderPayload {
  status_in: OrderStatus;
  billing_date: string;
  user_dispatcher_id: number | null;
  vehicle_price: number;
  original_amount: number;
  current_amount: number;
  is_vehicle_financed: boolean;
  is_vehicle_special_plate: boolean;
}

/** Form values (centavos) → API body (reais). */
export function salesOrderFormToPayload(values: SalesOrderFormValues): SalesOrderPayload {
  return {
    status_in: normalizeOrderStatus(values.status_in),
    billing_date: values.billing_date,
    user_dispatcher_id: values.user_dispatcher_id > 0 ? values.user_dispatcher_id : null,
    vehicle_price: values.vehicle_price / 100,
    original_amount: values.original_amount / 100,
    current_amount: values.current_amount / 100,
    is_vehicle_financed: values.is_vehicle_financed,
    is_vehicle_special_plate: values.is_vehicle_special_plate,
  };
}

/* ------------------------------------------------------------------ list search */

const optionalText = z.catch(z.optional(z.string().check(z.trim())), undefined);
const isoDay = z.catch(z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))), undefined);

/**
 * The /sales-orders URL search (spec 001 §2, §9): page from 1, pageSize default 10, sort
 * field and direction (default asc), free text `q`, and the filters. Bad values fall back
 * to their defaults instead of failing the route.
 */
export const salesOrderSearchSchema = z.object({
  page: z.catch(z.optional(z.coerce.number().check(z.int(), z.gte(1))), undefined),
  pageSize: z.catch(z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100))), undefined),
  sort: z.catch(z.optional(z.enum(sortFields(salesOrderResource))), undefined),
  dir: z.catch(z.optional(z.enum(['asc', 'desc'])), undefined),
  q: optionalText,
  id: z.catch(z.optional(z.coerce.number().check(z.int(), z.positive())), undefined),
  /** Data Inicial, yyyy-MM-dd (local day). */
  from: isoDay,
  /** Data Final, yyyy-MM-dd (local day). */
  to: isoDay,
  dispatcher: optionalText,
  company: optionalText,
  customer: optionalText,
  seller: optionalText,
  status: z.catch(z.optional(z.enum(ORDER_STATUSES)), undefined),
});
export type SalesOrderSearch = z.infer<typeof salesOrderSearchSchema>;

/** The filter keys of {@link SalesOrderSearch} (everything except paging and sorting). */

/**
 * The list frame's URL state (`ListSearch` of lib/list-search: page, pageSize, sort 'field:dir',
 * q, filters as text) → the typed order search the query builder takes. Unknown or malformed
 * filters are dropped.
 */
export function toSalesOrderSearch(list: {
  page: number;
  pageSize: number;
  sort?: string | undefined;
  q?: string | undefined;
  filters?: Record<string, string> | undefined;
}): SalesOrderSearch {
  const [sort, dir] = (list.sort ?? '').split(':');
  const raw: Record<string, unknown> = { ...list.filters, page: list.page, pageSize: list.pageSize };
  if (list.q) raw.q = list.q;
  if (sort) raw.sort = sort;
  if (dir) raw.dir = dir;
  const parsed = salesOrderSearchSchema.parse(raw);
  return Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== undefined && v !== '')) as SalesOrderSearch;
}
