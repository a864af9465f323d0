import { toast } from '@/components/ui/toast';
import { isEditConflict } from './edit-version';
import { isApiError, errorMessage, type ApiError } from './errors';

/**
 * What a query or mutation tells the one error reporter, in its `meta`:
 * `useQuery({ ...orderQueries.list(s), meta: { errorMessage: 'Erro ao carregar os pedidos: {message}' } })`,
 * `useMutation({ mutationFn, meta: { successMessage: 'Pedido criado com sucesso', errorMessage: 'Erro ao criar pedido' } })`.
 * The QueryCache / MutationCache `onError` (lib/query-client.ts) toasts it, as TanStack Query's
 * offline example does; nothing is shown when `errorMessage` is absent (the screen handles it).
 * Plain strings only: meta of a paused mutation is persisted with it (offline outbox).
 */
export type FeedbackMeta = {
  /** Title of the failure toast; default 'Erro'. */
  errorTitle?: string;
  /**
   * The spec's failure text. `{message}` in it is replaced by the error's message
   * ('Erro ao carregar os pedidos: {message}'); otherwise the server's own message is shown
   * when it sent one and this text when it did not — unless `useServerMessage` is false.
   */
  errorMessage?: string;
  /**
   * false: always show `errorMessage` as written (the spec gives a fixed text). 'refusal': the
   * same, except for a refusal the server explains (a 403 `PolicyError`: 'Apenas administradores
   * podem excluir empresas.'), whose message is shown. Default true.
   */
  useServerMessage?: boolean | 'refusal';
  /**
   * The spec's texts for particular HTTP statuses (0 = no answer: offline or the server
   * unreachable), shown instead of `errorMessage` for those: `{ 404: 'Documento não encontrado' }`.
   */
  statusMessages?: Readonly<Record<number, string>>;
  /** HTTP statuses the screen reports itself (a 404 'não encontrado' panel): no toast for them. */
  ignoreStatuses?: readonly number[];
  /** The form shows a save refused because the record changed since (409 with its version) itself: no toast for it. */
  ignoreEditConflicts?: boolean;
  /** Title of the success toast (mutations); default 'Sucesso'. */
  successTitle?: string;
  /** Success text (mutations); no success toast without it. */
  successMessage?: string;
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: FeedbackMeta & Record<string, unknown>;
    mutationMeta: FeedbackMeta & Record<string, unknown>;
  }
}

/**
 * The failure toast `meta` asks for, or undefined when it asks for none. When the server answered,
 * `code` is 'Código: <its request id>' (the `X-Request-Id` it answered with), shown on its own line
 * under the text: the id a clerk reads out finds the server's log lines of that request.
 */
export function failureToast(error: unknown, meta: FeedbackMeta | undefined): { title: string; description: string; code?: string } | undefined {
  const t = failureText(error, meta);
  if (!t) return undefined;
  return isApiError(error) && error.requestId ? { ...t, code: `Código: ${error.requestId}` } : t;
}

function failureText(error: unknown, meta: FeedbackMeta | undefined): { title: string; description: string } | undefined {
  if (!meta?.errorMessage) return undefined;
  if (isApiError(error) && meta.ignoreStatuses?.includes(error.status)) return undefined;
  if (meta.ignoreEditConflicts && isEditConflict(error)) return undefined;
  const byStatus = isApiError(error) ? meta.statusMessages?.[error.status] : undefined;
  if (byStatus) return { title: meta.errorTitle ?? 'Erro', description: byStatus };
  const text = meta.errorMessage;
  let description: string;
  if (text.includes('{message}')) description = text.replace('{message}', error instanceof Error ? error.message : String(error));
  else if (meta.useServerMessage === false) description = text;
  else if (meta.useServerMessage === 'refusal') description = isExplainedRefusal(error) ? error.message : text;
  else description = errorMessage(error, text);
  return { title: meta.errorTitle ?? 'Erro', description };
}

/**
 * True for a refusal the server explains: a 403 from a policy or a business rule (`PolicyError`)
 * with its own message ('Apenas administradores podem excluir empresas.'), not Strapi's bare
 * 'Forbidden' for an action the role lacks.
 */
export function isExplainedRefusal(error: unknown): error is ApiError {
  return isApiError(error) && error.status === 403 && error.code === 'PolicyError' && error.hasServerMessage && Boolean(error.message);
}

/** The success toast `meta` asks for, or undefined. */
export function successToast(meta: FeedbackMeta | undefined): { title: string; description: string } | undefined {
  return meta?.successMessage ? { title: meta.successTitle ?? 'Sucesso', description: meta.successMessage } : undefined;
}

/** True for the answer of a request whose token the server no longer accepts. */
export function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/**
 * Runs `action` and toasts what `meta` asks for, as the MutationCache does for a mutation
 * (lib/query-client.ts): for the signed-out forms (sign-in, recovery e-mail, new password),
 * which run before any QueryClient exists (/login downloads no TanStack Query).
 * Resolves with the action's result; rethrows its failure after the toast.
 */
export async function withFeedback<T>(meta: FeedbackMeta, action: () => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await action();
  } catch (error) {
    const t = failureToast(error, meta);
    if (t) toast({ ...t, variant: 'destructive' });
    throw error;
  }
  const t = successToast(meta);
  if (t) toast(t);
  return result;
}
