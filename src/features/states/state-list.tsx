import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ListPage, useResourceList, type ListColumn } from '@/components/layout/list';
import { formatDate } from '@/lib/format';
import type { ListSearch } from '@/lib/list-search';
import { deleteState, stateKeys, stateListInput, stateQueries } from './api';
import { stateResource } from './resource';
import type { State } from './schema';

const columns: ListColumn<State>[] = [
  { id: 'id', header: 'ID', accessorKey: 'id' },
  { id: 'name', header: 'Nome', accessorKey: 'name' },
  { id: 'abbreviation', header: 'Sigla', accessorKey: 'abbreviation' },
  { id: 'createdAt', header: 'Criado em', meta: { priority: 2 }, accessorFn: (s) => formatDate(s.createdAt) },
];

/**
 * /states 'Estados' (spec 000 §2.4, §2.9, §7): server list with the filters id (`$eq`), name and
 * abbreviation (`$containsi`), sort, paging; the search box filters the current page; new, edit
 * and delete for holders of state create/update/delete. The columns are ours (the spec shows none:
 * docs/decisions.md).
 */
export function StateList({ search, onSearchChange }: { search: ListSearch; onSearchChange: (next: ListSearch) => void }) {
  const queryClient = useQueryClient();
  const list = useResourceList({ search, onSearchChange, query: stateQueries.list(stateListInput(search)) });
  const remove = useMutation({
    mutationFn: (s: State) => deleteState(s.documentId),
    meta: { successMessage: 'Estado excluído com sucesso', errorMessage: 'Não foi possível excluir o estado.' },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: stateKeys.all() }),
  });
  return (
    <ListPage<State>
      resource={stateResource}
      list={list}
      columns={columns}
      getRowId={(s) => s.documentId}
      newTo={{ to: '/state/new' }}
      editTo={(s) => ({ to: '/state/$id', params: { id: s.documentId } })}
      onDelete={(s) => remove.mutateAsync(s)}
    />
  );
}
