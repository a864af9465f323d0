import { queryOptions } from '@tanstack/react-query';
import { api, pagedSchema, singleSchema, type RequestScope } from '@/lib/api';
import { type Cents } from '@/lib/money';
import { newIdempotencyKey } from '@/lib/offline/idempotency';
import { orderPaymentKeys } from './keys';
import { buildNewPaymentPayload } from './payments';
import { orderPaymentSchema, type OrderPayment } from './schema';

/**
 * An order's payments (spec 001 §4, §5, §7, §8): receivables listed by `pedido_id`, and a new
 * payment; Registrar / Estornar / Excluir are the receivable transitions (src/shared/receivables.ts);
 * what the offline outbox does with the queued ones is in ./outbox.ts. Money in centavos.
 */

/** Payments of an order: receivables by `pedido_id`, with their payment method, newest first (up to 100). */
export function orderPaymentsQuery(orderId: number): Record<string, unknown> {
  return {
    filters: { pedido_id: { $eq: orderId } },
    populate: ['payment_method_id'],
    sort: ['payment_date:desc', 'id:desc'],
    pagination: { page: 1, pageSize: 100 },
  };
}

/** An order's payments, newest first, for its payments card. */
export const orderPayments = (orderId: number) =>
  queryOptions({
    queryKey: orderPaymentKeys.byOrder(orderId),
    queryFn: async ({ signal }) =>
      (await api.get('/receivables', { query: orderPaymentsQuery(orderId), schema: pagedSchema(orderPaymentSchema), signal })).data,
  });

/** Plain data of a new payment on an order: what the offline outbox stores and replays. */
export interface CreateOrderPaymentInput {
  orderId: number;
  paymentMethodId: number;
  /** Centavos. */
  amount: Cents;
  installments: number;
  /** ISO instant of the user's action: payment_date and the SO-{orderId}-{timestamp} id come from it, so a retry sends the same body. */
  createdAt: string;
  /** One per logical action, kept across retries (server global::idempotency). */
  idempotencyKey: string;
}

/** Fills `createdAt` and `idempotencyKey` of a new payment action. */
export function newOrderPaymentInput(values: Omit<CreateOrderPaymentInput, 'createdAt' | 'idempotencyKey'>, now: Date = new Date()): CreateOrderPaymentInput {
  return { ...values, createdAt: now.toISOString(), idempotencyKey: newIdempotencyKey() };
}

/**
 * Registers a new payment on an order (spec 001 §4, §7): POST /receivables with pedido_id,
 * method, amount (reais), instalments, status 'pending', payment_date and custom_document_id
 * SO-{orderId}-{timestamp}, sending `Idempotency-Key`. Takes plain data only (the offline
 * outbox calls this same function) and returns the created payment (money in centavos).
 * `scope`: the offline outbox's owner and abort signal.
 * @throws ApiError; show it with `errorMessage(error, 'Não foi possível criar o pagamento.')`.
 */
export async function createOrderPayment(input: CreateOrderPaymentInput, scope?: RequestScope): Promise<OrderPayment> {
  const data = buildNewPaymentPayload(input.orderId, input, new Date(input.createdAt));
  const answer = await api.post(
    '/receivables',
    { data },
    { ...scope, headers: { 'Idempotency-Key': input.idempotencyKey }, schema: singleSchema(orderPaymentSchema) },
  );
  return answer.data;
}
