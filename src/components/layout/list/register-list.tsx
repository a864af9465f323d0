import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch, type ToOptions } from '@tanstack/react-router';
import type { Collection } from '@/lib/api/collection';
import type { ListSearch } from '@/lib/list-search';
import { recordRoutes } from '@/lib/resource-lists';
import { ListPage, type ListPageProps } from './list-page';
import type { ListColumn } from './types';
import { useResourceList } from './use-resource-list';

export interface RegisterListProps<T extends { documentId: string }> extends Partial<
  Pick<ListPageProps<T>, 'mobileColumns' | 'rowActions' | 'toolbar' | 'filterOptions' | 'deleteDisabledReason'>
> {
  /** The register's data layer (lib/api/collection.ts); its declaration gives the title, filters, sort, routes and permissions. */
  data: Collection<T>;
  /** The URL state and its writer; default the current route's (its `validateSearch` is the declaration's). */
  search?: ListSearch;
  onSearchChange?: (next: ListSearch) => void;
  columns: ListColumn<T>[];
  /** The delete's toasts (spec 001 §8): 'Estado excluído com sucesso', 'Não foi possível excluir o estado.'; the success title if not 'Sucesso'. */
  deleted: string;
  deletedTitle?: string;
  deleteFailed: string;
  /**
   * Show the server's message of a failed delete instead of `deleteFailed`: true whenever it sent
   * one, 'refusal' only for a refusal it explains (a 403 PolicyError); default always `deleteFailed`.
   */
  deleteServerMessage?: boolean | 'refusal';
}

/**
 * The list screen of a register (spec 000 §2.4, spec 001 §2 "Common list behaviour"): the list
 * kit's frame over the register's data layer — its declared filters, sort and page sizes, the
 * list query the route's loader prefetched (the route's URL state), 'Novo' and 'Editar' to its
 * declared routes, and 'Excluir' with its toasts. What a register adds is its columns and texts.
 */
export function RegisterList<T extends { documentId: string }>({
  data,
  search,
  onSearchChange,
  columns,
  deleted,
  deletedTitle,
  deleteFailed,
  deleteServerMessage = false,
  ...rest
}: RegisterListProps<T>) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const routeSearch = useSearch({ strict: false }) as ListSearch;
  const current = search ?? routeSearch;
  const list = useResourceList({
    search: current,
    onSearchChange: onSearchChange ?? ((next) => void navigate({ to: '.', search: next } as ToOptions)),
    query: data.list(data.listInput(current)),
  });
  const remove = useMutation({
    mutationFn: (row: T) => data.remove(row.documentId),
    meta: {
      successMessage: deleted,
      ...(deletedTitle ? { successTitle: deletedTitle } : {}),
      errorMessage: deleteFailed,
      useServerMessage: deleteServerMessage,
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: data.keys.all() }),
  });
  const { create, edit } = recordRoutes(data.resource);
  return (
    <ListPage<T>
      resource={data.resource}
      list={list}
      columns={columns}
      getRowId={(row) => row.documentId}
      newTo={create ? ({ to: create } as ToOptions) : undefined}
      editTo={edit ? (row) => ({ to: edit, params: { id: row.documentId } }) as ToOptions : undefined}
      onDelete={(row) => remove.mutateAsync(row)}
      {...rest}
    />
  );
}
