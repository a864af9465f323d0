import { useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { listRequestOf, type ListRequest } from '@/lib/api/list-request';
import type { ListSearch } from '@/lib/list-search';
import { listQueryView } from './list-state';

/** Milliseconds the search box waits after the last key before it writes `q` to the URL. */
export const SEARCH_DEBOUNCE_MS = 350;

export interface UseListSearchOptions {
  /** The URL state, from `Route.useSearch()`. */
  search: ListSearch;
  /** Writes the URL state, e.g. `(next) => navigate({ search: next })`. */
  onSearchChange: (next: ListSearch) => void;
  /**
   * `q` goes to the server (spec 001 §7 free-text search): a new `q` returns to page 1 and the
   * frame does not filter the page on the client. Default false (client-side search of the page).
   */
  serverSearch?: boolean;
  debounceMs?: number;
}

/** The list state of a screen and the ways to change it; every change goes through the URL. */
export interface ListSearchControls {
  /** The URL state: what the route loader and the list query both read. */
  search: ListSearch;
  /** The search box's text; it reaches `search.q` `debounceMs` after the last key. */
  searchText: string;
  setSearchText: (text: string) => void;
  /** Merges `patch` into the URL state; page goes back to 1 unless the patch sets it. */
  update: (patch: Partial<ListSearch>) => void;
  /** Replaces the URL state (Limpar). */
  replace: (next: ListSearch) => void;
  serverSearch: boolean;
}

/**
 * The list state in the URL with a debounced search box: typing changes `searchText` at
 * once and navigates only once the user pauses, so the route loader and the component see
 * the same `q` and one typed search sends one request. A `q` changed from
 * outside (back/forward, a link) replaces the box's text unless the user is mid-typing.
 * A search still waiting when the user leaves the list (a link such as Novo, back) is dropped:
 * the list stays on screen while the next page loads, and its late navigation would otherwise
 * take the user back to the list.
 */
export function useListSearch({ search, onSearchChange, serverSearch = false, debounceMs = SEARCH_DEBOUNCE_MS }: UseListSearchOptions): ListSearchControls {
  const [searchText, setText] = useState(search.q ?? '');
  const latest = useRef({ search, onSearchChange });
  latest.current = { search, onSearchChange };
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const router = useRouter();

  useEffect(() => {
    if (timer.current === undefined) setText(search.q ?? '');
  }, [search.q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const setSearchText = useCallback(
    (text: string) => {
      setText(text);
      clearTimeout(timer.current);
      const typedOn = router.latestLocation.pathname;
      timer.current = setTimeout(() => {
        timer.current = undefined;
        if (router.latestLocation.pathname !== typedOn) return;
        const { search: current, onSearchChange: write } = latest.current;
        const q = text.trim() ? text : undefined;
        if (q === current.q) return;
        write({ ...current, ...(serverSearch ? { page: 1 } : {}), q });
      }, debounceMs);
    },
    [debounceMs, serverSearch, router],
  );

  const update = useCallback((patch: Partial<ListSearch>) => {
    const { search: current, onSearchChange: write } = latest.current;
    write({ ...current, page: 1, ...patch });
  }, []);
  const replace = useCallback((next: ListSearch) => latest.current.onSearchChange(next), []);

  return { search, searchText, setSearchText, update, replace, serverSearch };
}

/** A page of a Strapi list as `api.get(..., { schema: pagedSchema(x) })` returns it. */
export interface ListPageData<T> {
  data: T[];
  meta: { pagination: { total: number } };
}

/** What the list frame renders: the controls plus the current page. */
export interface ResourceList<T> extends ListSearchControls {
  /**
   * Rows of the current page; undefined while loading; the cached rows after a request that got
   * no answer; [] after a failure the server answered, or with nothing offline.
   */
  rows: T[] | undefined;
  /** Total records on the server (meta.pagination.total). */
  total: number;
  isLoading: boolean;
  /**
   * The network cannot be reached and nothing is cached for this page: the frame says so
   * (`NOTHING_OFFLINE_TEXT`) instead of 'Nenhum item encontrado' and '0 itens'.
   */
  nothingOffline?: boolean;
  /** The request of the current page (its query's `meta.listRequest`): 'Exportar' asks the server for all its rows. */
  request?: ListRequest;
}

export interface UseResourceListOptions<TPage extends ListPageData<unknown>, TKey extends QueryKey> extends UseListSearchOptions {
  /**
   * The list query of the URL state, the same `queryOptions` the route loader prefetches,
   * e.g. `salesOrderQueries.list(toSalesOrderSearch(search))`.
   */
  query: UseQueryOptions<TPage, Error, TPage, TKey>;
}

/**
 * One hook per list screen: the URL state with its debounced search box
 * ({@link useListSearch}) and the list query of that state, read by `listQueryView`: a failure
 * the server answered gives an empty page (`rows: []`: 'Nenhum item encontrado' under its error
 * toast, spec "a list failure returns an empty list"); a request with no answer keeps the cached
 * rows, or sets `nothingOffline` when there are none.
 */
export function useResourceList<TPage extends ListPageData<unknown>, TKey extends QueryKey = QueryKey>({
  query: queryOptions,
  ...options
}: UseResourceListOptions<TPage, TKey>): ResourceList<TPage['data'][number]> & { query: UseQueryResult<TPage, Error> } {
  const controls = useListSearch(options);
  const query = useQuery(queryOptions);
  const view = listQueryView(query);
  return {
    ...controls,
    query,
    rows: view.isLoading ? undefined : ((view.data?.data ?? []) as TPage['data'][number][]),
    total: view.data?.meta.pagination.total ?? 0,
    isLoading: view.isLoading,
    nothingOffline: view.nothingOffline,
    request: listRequestOf(queryOptions.meta),
  };
}
