import { keepPreviousData, queryOptions } from '@tanstack/react-query';
// zod/mini (issue 14): see lib/api/strapi.ts.
import * as z from 'zod/mini';
import { api, ApiError, isApiError, pagedSchema, singleSchema } from '@/lib/api';
import { apiUpload } from '@/lib/api/upload';
import { type Cents } from '@/lib/money';
import { findDocumentType } from './documents';
import { buildNewPaymentPayload, paymentCustomDocumentId } from './payments';
import { confirmReceivable, undoReceivable } from '@/features/receivables/api';
import type { OutboxItem } from '@/lib/offline/db';
import type { OutboxHandler } from '@/lib/offline/outbox';
import { fetchDocumentTypes } from '@/features/document-types/api';
import { newIdempotencyKey } from '@/lib/offline/idempotency';
import { OUTBOX_KINDS, salesOrderKeys } from './keys';
import { SALES_ORDER_OPTIONS_QUERY, orderDocumentsQuery, orderPaymentsQuery, salesOrderListQuery } from './strapi-query';
import {
  orderDocumentSchema,
  orderPaymentSchema,
  salesOrderOptionSchema,
  salesOrderSchema,
  type OrderDocument,
  type OrderPayment,
  type SalesOrderPayload,
  type SalesOrderSearch,
} from './schema';

/**
 * The data layer of sales orders, the payments on an order and its documents (spec 001 §7);
 * receivable writes are in features/receivables/api.ts, lookups in their own features. Every call goes
 * through the one client in `lib/api` (bearer token, qs, zod, ApiError). Money in the parsed
 * records is in centavos (see schema.ts). Query keys start with the signed-in user's id.
 */

export { OUTBOX_KINDS, salesOrderKeys } from './keys';

const salesOrderPage = pagedSchema(salesOrderSchema);

/**
 * GET /sales-orders?populate=*&filters..&pagination..&sort[0]=.. (spec 001 §7).
 * @throws ApiError — the list screen shows the empty list and 'Erro ao carregar os pedidos: {message}'.
 */
export function fetchSalesOrders(search: SalesOrderSearch, signal?: AbortSignal) {
  return api.get('/sales-orders', { query: salesOrderListQuery(search), schema: salesOrderPage, signal });
}

/** GET /sales-orders/{documentId}?populate=* → the order (money in centavos). @throws ApiError (404 when missing) */
export async function fetchSalesOrder(documentId: string, signal?: AbortSignal) {
  const answer = await api.get(`/sales-orders/${encodeURIComponent(documentId)}`, { query: { populate: '*' }, schema: singleSchema(salesOrderSchema), signal });
  return answer.data;
}

export const salesOrderQueries = {
  /** The order list for a search; keeps the previous page on screen while the next loads. */
  list: (search: SalesOrderSearch) =>
    queryOptions({
      queryKey: salesOrderKeys.list(search),
      queryFn: ({ signal }) => fetchSalesOrders(search, signal),
      placeholderData: keepPreviousData,
      retry: 0,
      meta: { errorMessage: 'Erro ao carregar os pedidos: {message}' },
    }),
  detail: (documentId: string) =>
    queryOptions({
      queryKey: salesOrderKeys.detail(documentId),
      queryFn: ({ signal }) => fetchSalesOrder(documentId, signal),
      retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 1,
    }),
  /** `{id, documentId}` of up to 100 orders, newest first, for the receivable form's 'Pedido' select. */
  options: () =>
    queryOptions({
      queryKey: salesOrderKeys.options(),
      queryFn: async ({ signal }) =>
        (await api.get('/sales-orders', { query: { ...SALES_ORDER_OPTIONS_QUERY }, schema: pagedSchema(salesOrderOptionSchema), signal })).data,
      staleTime: 60_000,
    }),
  /** Payments (receivables) of an order by `pedido_id`, newest first. */
  payments: (orderId: number) =>
    queryOptions({
      queryKey: salesOrderKeys.payments(orderId),
      queryFn: async ({ signal }) =>
        (await api.get('/receivables', { query: orderPaymentsQuery(orderId), schema: pagedSchema(orderPaymentSchema), signal })).data,
    }),
  documents: (orderId: number) =>
    queryOptions({
      queryKey: salesOrderKeys.documents(orderId),
      queryFn: ({ signal }) => fetchOrderDocuments(orderId, signal),
    }),
};

const orderDocumentPage = pagedSchema(orderDocumentSchema);

/**
 * GET /sales-order-documents?filters[sales_order][id][$eq]=N&populate=*&_t=ts (spec 001 §7); if
 * the filtered call fails, loads all and filters locally (the spec's fallback).
 * @throws ApiError when both fail.
 */
export async function fetchOrderDocuments(orderId: number, signal?: AbortSignal): Promise<OrderDocument[]> {
  try {
    return (await api.get('/sales-order-documents', { query: orderDocumentsQuery(orderId), schema: orderDocumentPage, signal })).data;
  } catch (error) {
    if (signal?.aborted || (isApiError(error) && (error.status === 401 || error.status === 403))) throw error;
    const all = await api.get('/sales-order-documents', {
      query: { populate: '*', pagination: { pageSize: 100 }, _t: Date.now() },
      schema: orderDocumentPage,
      signal,
    });
    return all.data.filter((d) => d.sales_order?.id === orderId);
  }
}

/* ------------------------------------------------------------------ order writes */

/** POST /sales-orders {data} → the created order's documentId. @throws ApiError (message: server's or HTTP status) */
export async function createSalesOrder(data: SalesOrderPayload) {
  const answer = await api.post('/sales-orders', { data }, { schema: singleSchema(z.looseObject({ id: z.number(), documentId: z.string() })) });
  return answer.data;
}

/** PUT /sales-orders/{documentId} {data}. @throws ApiError */
export async function updateSalesOrder(documentId: string, data: SalesOrderPayload) {
  const answer = await api.put(
    `/sales-orders/${encodeURIComponent(documentId)}`,
    { data },
    { schema: singleSchema(z.looseObject({ id: z.number(), documentId: z.string() })) },
  );
  return answer.data;
}

/** DELETE /sales-orders/{documentId}. @throws ApiError */
export async function deleteSalesOrder(documentId: string): Promise<void> {
  await api.delete(`/sales-orders/${encodeURIComponent(documentId)}`);
}

/* ------------------------------------------------------------------ payments */

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
 * @throws ApiError; show it with `errorMessage(error, 'Não foi possível criar o pagamento.')`.
 */
export async function createOrderPayment(input: CreateOrderPaymentInput): Promise<OrderPayment> {
  const data = buildNewPaymentPayload(input.orderId, input, new Date(input.createdAt));
  const answer = await api.post('/receivables', { data }, { headers: { 'Idempotency-Key': input.idempotencyKey }, schema: singleSchema(orderPaymentSchema) });
  return answer.data;
}

/* ------------------------------------------------------------------ documents */

/** Plain data of an order-document upload: what the offline outbox stores and replays. */
export interface UploadOrderDocumentInput {
  /** The order's numeric id. */
  orderId: number;
  /** The document type: its id, or its name (resolved among the types the caller can see). */
  documentType: { id: number } | { name: string };
  file: Blob;
  fileName: string;
  /** One per logical action, kept across retries; the two POSTs use `<key>:upload` and `<key>:document`. */
  idempotencyKey: string;
}

const uploadAnswer = z.array(z.looseObject({ id: z.optional(z.number()), documentId: z.optional(z.string()), url: z.optional(z.string()) }));

/**
 * Step 1 of an order-document upload: POST /upload (multipart `files`) with
 * `Idempotency-Key: <key>:upload` → the stored file's numeric id. With `onProgress` the body
 * goes out through XMLHttpRequest (percent 0–100, no timeout).
 * @throws ApiError: the server's message or 'Falha no upload do arquivo'; 'Document ID do
 * arquivo não encontrado.' when the answer has no id (status kept from the server).
 */
export async function uploadOrderFile(input: {
  file: Blob;
  fileName: string;
  idempotencyKey: string;
  onProgress?: (percent: number) => void;
}): Promise<number> {
  const form = new FormData();
  form.append('files', input.file, input.fileName);
  let uploaded: z.infer<typeof uploadAnswer>;
  try {
    uploaded = await apiUpload('/upload', form, {
      headers: { 'Idempotency-Key': `${input.idempotencyKey}:upload` },
      schema: uploadAnswer,
      onProgress: input.onProgress,
    });
  } catch (error) {
    const e = isApiError(error) ? error : undefined;
    throw new ApiError({
      status: e?.status ?? 0,
      code: e?.code,
      details: e?.details,
      message: e?.hasServerMessage ? e.message : 'Falha no upload do arquivo',
      hasServerMessage: true,
      cause: error,
    });
  }
  const fileId = uploaded[0]?.id;
  if (!fileId) throw new ApiError({ status: 0, code: 'InvalidResponse', message: 'Document ID do arquivo não encontrado.', hasServerMessage: true });
  return fileId;
}

/**
 * Step 2 of an order-document upload: POST /sales-order-documents
 * {data:{sales_order, document_type, content: fileId}} with `Idempotency-Key: <key>:document`.
 * @throws ApiError 'Erro ao salvar documento: {message}' (status kept from the server).
 */
export async function createOrderDocument(input: { orderId: number; documentTypeId: number; fileId: number; idempotencyKey: string }): Promise<OrderDocument> {
  try {
    const answer = await api.post(
      '/sales-order-documents',
      { data: { sales_order: input.orderId, document_type: input.documentTypeId, content: input.fileId } },
      { headers: { 'Idempotency-Key': `${input.idempotencyKey}:document` }, schema: singleSchema(orderDocumentSchema) },
    );
    return answer.data;
  } catch (error) {
    const e = isApiError(error) ? error : undefined;
    throw new ApiError({
      status: e?.status ?? 0,
      code: e?.code,
      details: e?.details,
      message: `Erro ao salvar documento: ${e?.message ?? String(error)}`,
      hasServerMessage: true,
      cause: error,
    });
  }
}

/**
 * Uploads one file and links it to an order (spec 001 §7 "Order documents and files"):
 * {@link uploadOrderFile} → {@link createOrderDocument}. Both send an Idempotency-Key derived
 * from `idempotencyKey`, so a retry creates neither a second file nor a second record. Takes
 * plain data (the file as a Blob) and returns the created order document. The offline outbox
 * runs the two steps itself, to resume at the step reached.
 * @throws ApiError with the spec's messages: 'Tipo de documento "{name}" não encontrado',
 * 'Falha no upload do arquivo' (or the server's message), 'Document ID do arquivo não
 * encontrado.', 'Erro ao salvar documento: {message}'.
 */
export async function uploadOrderDocument(input: UploadOrderDocumentInput, onProgress?: (percent: number) => void): Promise<OrderDocument> {
  let typeId: number;
  if ('id' in input.documentType) typeId = input.documentType.id;
  else {
    const name = input.documentType.name;
    const types = await fetchDocumentTypes(null);
    const found = findDocumentType(types, name);
    if (!found) throw new ApiError({ status: 404, message: `Tipo de documento "${name}" não encontrado`, hasServerMessage: true });
    typeId = found.id;
  }
  const fileId = await uploadOrderFile({ file: input.file, fileName: input.fileName, idempotencyKey: input.idempotencyKey, onProgress });
  return createOrderDocument({ orderId: input.orderId, documentTypeId: typeId, fileId, idempotencyKey: input.idempotencyKey });
}

/** DELETE /sales-order-documents/{documentId}. @throws ApiError (401/403/404 → see deleteDocumentErrorMessage) */
export async function deleteOrderDocument(documentId: string): Promise<void> {
  await api.delete(`/sales-order-documents/${encodeURIComponent(documentId)}`);
}

const signedUrlAnswer = z.looseObject({ data: z.nullish(z.looseObject({ signedUrl: z.optional(z.string()) })) });

/**
 * GET /document-types/get-signed-url?fileDocId=&fileUrl= → the signed URL of a document's file.
 * @throws ApiError (403/401/404 → signedUrlErrorMessage) or Error('URL assinada não encontrada na resposta do servidor').
 */
export async function fetchSignedUrl(doc: OrderDocument): Promise<string> {
  const content = doc.content;
  const query: Record<string, string> = {};
  if (content?.documentId) query.fileDocId = content.documentId;
  else if (content?.id) query.fileDocId = String(content.id);
  else query.fileDocId = doc.documentId;
  if (content?.url) query.fileUrl = content.url;
  const answer = await api.get('/document-types/get-signed-url', { query, schema: signedUrlAnswer });
  const url = answer.data?.signedUrl;
  if (!url) throw new Error('URL assinada não encontrada na resposta do servidor');
  return url;
}

/* ------------------------------------------------------------------ offline outbox */

/**
 * What the offline outbox does with an order's writes (issue 10): a new payment, Registrar /
 * Estornar on a payment, and the two-step document upload. Payloads are plain data; the
 * item's `idempotencyKey` (assigned when queued) goes in the `Idempotency-Key` header.
 */

/** A queued 'Novo pagamento' (spec 001 §5): the create body is rebuilt from these, identical on every resend. */
export interface QueuedPaymentPayload {
  orderId: number;
  paymentMethodId: number;
  /** For the pending row and the queue page. */
  methodName: string;
  /** Centavos. */
  amount: Cents;
  installments: number;
  /** ISO instant of the user's action (payment_date; the custom id's timestamp). */
  createdAt: string;
  /** `SO-{orderId}-{timestamp}`, fixed when queued: the server's unique anchor of this payment. */
  customDocumentId: string;
}

/** A queued Registrar / Estornar: the payment's documentId, or (payment still queued) the item's `dependsOn`. */
export interface QueuedPaymentActionPayload {
  paymentDocumentId?: string;
  /** For the queue page: 'Pagamento 12' or the queued payment's custom id. */
  label: string;
}

/** A queued document upload; `step` and `fileId` record how far it got. */
export interface QueuedUploadPayload {
  orderId: number;
  documentTypeId: number;
  documentTypeName: string;
  fileName: string;
  step: 'file' | 'document';
  fileId?: number;
  /** The order's dealership and dispatcher user ids: the types offered when the queue page edits the item. */
  companyUserId?: number | null;
  dispatcherUserId?: number | null;
}

/** The created payment's ids: what a dependent Registrar needs. */
export interface CreatedPaymentResult {
  id: number;
  documentId: string;
}

/** Fills the fixed parts of a new payment's queued payload (custom id from `createdAt`). */
export function queuedPaymentPayload(values: Omit<QueuedPaymentPayload, 'createdAt' | 'customDocumentId'>, now: Date = new Date()): QueuedPaymentPayload {
  return { ...values, createdAt: now.toISOString(), customDocumentId: paymentCustomDocumentId(values.orderId, now) };
}

const detailsOf = (error: unknown): Record<string, unknown> => {
  const d = isApiError(error) ? error.details : undefined;
  return d && typeof d === 'object' ? (d as Record<string, unknown>) : {};
};

/** The payment a Registrar/Estornar acts on: its own documentId or the delivered result of the queued create. */
function paymentRef(item: OutboxItem<QueuedPaymentActionPayload>): string {
  if (item.payload.paymentDocumentId) return item.payload.paymentDocumentId;
  const result = item.dependencyResult as CreatedPaymentResult | undefined;
  if (result?.documentId) return result.documentId;
  throw new Error('Pagamento de origem ainda não enviado.');
}

/** 409 of confirm/undo whose `details.status_in` is already the target: our earlier send went through. */
const alreadyIn = (target: 'paid' | 'reversed') => (error: unknown) =>
  isApiError(error) && error.status === 409 && detailsOf(error).status_in === target ? { result: null } : undefined;

export const salesOrderOutboxHandlers: Record<string, OutboxHandler> = {
  [OUTBOX_KINDS.createPayment]: {
    async send(item: OutboxItem<QueuedPaymentPayload>) {
      const p = item.payload;
      const created = await createOrderPayment({
        orderId: p.orderId,
        paymentMethodId: p.paymentMethodId,
        amount: p.amount,
        installments: p.installments,
        createdAt: p.createdAt,
        idempotencyKey: item.idempotencyKey,
      });
      return { id: created.id, documentId: created.documentId } satisfies CreatedPaymentResult;
    },
    // The custom id is unique: a 409 naming the existing payment means this payment is there.
    alreadyDone(error) {
      const d = detailsOf(error);
      if (isApiError(error) && error.status === 409 && typeof d.documentId === 'string') {
        return { result: { id: Number(d.id), documentId: d.documentId } satisfies CreatedPaymentResult };
      }
      return undefined;
    },
  },
  [OUTBOX_KINDS.confirmPayment]: {
    send: async (item: OutboxItem<QueuedPaymentActionPayload>) => confirmReceivable(paymentRef(item)),
    alreadyDone: alreadyIn('paid'),
  },
  [OUTBOX_KINDS.undoPayment]: {
    send: async (item: OutboxItem<QueuedPaymentActionPayload>) => undoReceivable(paymentRef(item)),
    alreadyDone: alreadyIn('reversed'),
  },
  [OUTBOX_KINDS.uploadDocument]: {
    async send(item: OutboxItem<QueuedUploadPayload>, ctx) {
      let p = item.payload;
      if (p.step === 'file' || !p.fileId) {
        if (!ctx.blob) throw new Error('Arquivo do item não encontrado no armazenamento local.');
        const fileId = await uploadOrderFile({ file: ctx.blob.blob, fileName: ctx.blob.name, idempotencyKey: item.idempotencyKey, onProgress: ctx.onProgress });
        p = { ...p, step: 'document', fileId };
        await ctx.saveProgress(p);
      }
      return createOrderDocument({ orderId: p.orderId, documentTypeId: p.documentTypeId, fileId: p.fileId!, idempotencyKey: item.idempotencyKey });
    },
  },
};
