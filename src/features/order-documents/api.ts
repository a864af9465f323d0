// zod/mini: see lib/api/strapi.ts.
import * as z from 'zod/mini';
import { queryOptions } from '@tanstack/react-query';
import { api, ApiError, isApiError, pagedSchema, singleSchema, type RequestScope } from '@/lib/api';
import { apiUpload } from '@/lib/api/upload';
import { fetchDocumentTypes } from '@/shared/document-types';
import { findDocumentType } from './documents';
import { orderDocumentKeys } from './keys';
import { orderDocumentSchema, type OrderDocument } from './schema';

/**
 * An order's documents (spec 001 §7 "Order documents and files", §8): the list, the two-step upload,
 * deletion and signed URLs; what the offline outbox does with a queued upload is in ./outbox.ts.
 * Every call goes through the one client in `lib/api` (bearer token, qs, zod, ApiError).
 */

/** Documents of an order: `filters[sales_order][id][$eq]=N&populate=*&_t=<ts>` (spec 001 §7; `_t` defeats caches). */
export function orderDocumentsQuery(orderId: number, now: number = Date.now()): Record<string, unknown> {
  return { filters: { sales_order: { id: { $eq: orderId } } }, populate: '*', pagination: { pageSize: 100 }, _t: now };
}

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

/** An order's documents, for its Documentos card. */
export const orderDocuments = (orderId: number) =>
  queryOptions({
    queryKey: orderDocumentKeys.byOrder(orderId),
    queryFn: ({ signal }) => fetchOrderDocuments(orderId, signal),
  });

/**
 * The error of an upload step: the server's status, code and details kept (undefined/0 when the
 * failure was not an ApiError), with the step's own text from `message` shown as is.
 */
function stepError(error: unknown, message: (e: ApiError | undefined) => string): ApiError {
  const e = isApiError(error) ? error : undefined;
  return new ApiError({
    status: e?.status ?? 0,
    code: e?.code,
    details: e?.details,
    message: message(e),
    hasServerMessage: true,
    requestId: e?.requestId,
    cause: error,
  });
}

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
 * goes out through XMLHttpRequest (percent 0–100, no timeout); `scope`: the offline outbox's owner
 * and abort signal.
 * @throws ApiError: the server's message or 'Falha no upload do arquivo'; 'Document ID do
 * arquivo não encontrado.' when the answer has no id (status kept from the server).
 */
export async function uploadOrderFile(input: {
  file: Blob;
  fileName: string;
  idempotencyKey: string;
  onProgress?: (percent: number) => void;
  scope?: RequestScope;
}): Promise<number> {
  const form = new FormData();
  form.append('files', input.file, input.fileName);
  let uploaded: z.infer<typeof uploadAnswer>;
  try {
    uploaded = await apiUpload('/upload', form, {
      ...input.scope,
      headers: { 'Idempotency-Key': `${input.idempotencyKey}:upload` },
      schema: uploadAnswer,
      onProgress: input.onProgress,
    });
  } catch (error) {
    throw stepError(error, (e) => (e?.hasServerMessage ? e.message : 'Falha no upload do arquivo'));
  }
  const fileId = uploaded[0]?.id;
  if (!fileId) throw new ApiError({ status: 0, code: 'InvalidResponse', message: 'Document ID do arquivo não encontrado.', hasServerMessage: true });
  return fileId;
}

/**
 * Step 2 of an order-document upload: POST /sales-order-documents
 * {data:{sales_order, document_type, content: fileId}} with `Idempotency-Key: <key>:document`;
 * `scope`: the offline outbox's owner and abort signal.
 * @throws ApiError 'Erro ao salvar documento: {message}' (status kept from the server).
 */
export async function createOrderDocument(
  input: { orderId: number; documentTypeId: number; fileId: number; idempotencyKey: string },
  scope?: RequestScope,
): Promise<OrderDocument> {
  try {
    const answer = await api.post(
      '/sales-order-documents',
      { data: { sales_order: input.orderId, document_type: input.documentTypeId, content: input.fileId } },
      { ...scope, headers: { 'Idempotency-Key': `${input.idempotencyKey}:document` }, schema: singleSchema(orderDocumentSchema) },
    );
    return answer.data;
  } catch (error) {
    throw stepError(error, (e) => `Erro ao salvar documento: ${e?.message ?? String(error)}`);
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
