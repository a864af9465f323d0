import { RegisterList, type ListColumn } from '@/components/layout/list';
import { formatDate } from '@/lib/format';
import { stateData } from './api';
import type { State } from './schema';

const columns: ListColumn<State>[] = [
  { id: 'id', header: 'ID', accessorKey: 'id' },
  { id: 'name', header: 'Nome', accessorKey: 'name' },
  { id: 'abbreviation', header: 'Sigla', accessorKey: 'abbreviation' },
  { id: 'createdAt', header: 'Criado em', accessorFn: (s) => formatDate(s.createdAt), meta: { priority: 2, export: { value: 'createdAt', format: 'date' } } },
];

/**
 * /states 'Estados' (spec 000 §2.4, §2.9, §7): the register list with the declared filters and
 * sort; delete toasts the server's message or 'Não foi possível excluir o estado.'. The columns
 * are ours (the spec shows none: docs/decisions.md).
 */
export function StateList() {
  return (
    <RegisterList
      data={stateData}
      columns={columns}
      deleted="Estado excluído com sucesso"
      deleteFailed="Não foi possível excluir o estado."
      deleteServerMessage
    />
  );
}
