import type { QueryObserverResult } from '@tanstack/react-query';
import { isNoAnswer } from '@/lib/api';

/**
 * What a list says when the network cannot be reached and nothing is cached for its page
 * (docs/decisions.md "Offline data you can trust"), instead of 'Nenhum item encontrado'.
 */
export const NOTHING_OFFLINE_TEXT = 'Sem dados offline para esta página ainda. Conecte-se para carregar.';

/** How a list shows its query. */
export interface ListQueryView<TData> {
  /** The data to show: the query's, the cached data too after a request that got no answer; undefined otherwise. */
  data: TData | undefined;
  /** The server answered with a failure: the spec's "a list failure returns an empty list" (with its toast). */
  failed: boolean;
  /** No answer (offline, server unreachable, a fetch paused offline) and nothing cached for this query. */
  nothingOffline: boolean;
  /** The first answer is on its way. */
  isLoading: boolean;
}

/**
 * The one reading of a list query's state for every list screen:
 * - data in the cache and no failure, or a failure that is no answer (a device offline, a
 *   server out of reach): the cached data, never an empty page — the shell shows 'Sem conexão'
 *   and the data's age;
 * - no answer and nothing cached: `nothingOffline` ({@link NOTHING_OFFLINE_TEXT}, no '0 itens');
 * - an answer that is a failure (5xx, 4xx, an answer out of shape) while online: `failed`, shown
 *   as the spec's empty list with zero totals; what the cache holds is left as it is.
 */
export function listQueryView<TData>(query: Pick<QueryObserverResult<TData, unknown>, 'data' | 'error' | 'status' | 'fetchStatus'>): ListQueryView<TData> {
  const noAnswer = (query.status === 'error' && isNoAnswer(query.error)) || query.fetchStatus === 'paused';
  if (query.data !== undefined && (query.status !== 'error' || noAnswer)) return { data: query.data, failed: false, nothingOffline: false, isLoading: false };
  if (noAnswer) return { data: undefined, failed: false, nothingOffline: true, isLoading: false };
  if (query.status === 'error') return { data: undefined, failed: true, nothingOffline: false, isLoading: false };
  return { data: undefined, failed: false, nothingOffline: false, isLoading: query.status === 'pending' };
}
