import { api, type RequestScope } from '@/lib/api';

/**
 * The state transitions of a receivable (spec 001 §4), which the receivables screens and an
 * order's payments (receivables by `pedido_id`) both run.
 */

/**
 * POST /receivables/confirm/{id} (empty body): pending → paid; `scope`: the offline outbox's owner
 * and abort signal. @throws ApiError ('Não foi possível confirmar o pagamento.')
 */
export async function confirmReceivable(id: string | number, scope?: RequestScope): Promise<void> {
  await api.post(`/receivables/confirm/${encodeURIComponent(String(id))}`, {}, scope);
}

/**
 * POST /receivables/undo/{id} (empty body): paid → reversed; `scope` as in {@link confirmReceivable}.
 * @throws ApiError ('Não foi possível estornar o pagamento.')
 */
export async function undoReceivable(id: string | number, scope?: RequestScope): Promise<void> {
  await api.post(`/receivables/undo/${encodeURIComponent(String(id))}`, {}, scope);
}

/** DELETE /receivables/{id or documentId}. @throws ApiError ('Não foi possível excluir o pagamento.') */
export async function deleteReceivable(id: string | number): Promise<void> {
  await api.delete(`/receivables/${encodeURIComponent(String(id))}`);
}
