import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FlagBadge, ListPage, useResourceList, type ListColumn } from '@/components/layout/list';
import { formatDate } from '@/lib/format';
import type { ListSearch } from '@/lib/list-search';
import { deleteVehicleType, vehicleTypeKeys, vehicleTypeListInput, vehicleTypeQueries } from './api';
import { vehicleTypeResource } from './resource';
import type { VehicleType } from './schema';

const columns: ListColumn<VehicleType>[] = [
  { id: 'id', header: 'ID', accessorKey: 'id' },
  { id: 'name', header: 'Nome', accessorKey: 'name', meta: { wrap: true } },
  { id: 'description', header: 'Descrição', accessorFn: (v) => v.description ?? '', meta: { wrap: true, priority: 3 } },
  {
    id: 'is_active',
    header: 'Ativo',
    enableSorting: false,
    accessorFn: (v) => v.is_active !== false,
    cell: ({ row }) => <FlagBadge value={row.original.is_active} fallback />,
  },
  { id: 'createdAt', header: 'Criado em', meta: { priority: 2 }, accessorFn: (v) => formatDate(v.createdAt) },
];

/**
 * /vehicle-types 'Tipos de Veículo' (spec 001 §2 "Vehicle types", §7, §8): server list with the
 * filters id and is_active (`$eq`; Ativo is Todos/Sim/Não), name and description (`$containsi`),
 * sort by id, name, createdAt or description, paging; the search box filters the current page.
 * New, edit and delete for holders of vehicle-type create/update/delete; a failed delete toasts
 * 'Não foi possível excluir o tipo de veículo.'.
 */
export function VehicleTypeList({ search, onSearchChange }: { search: ListSearch; onSearchChange: (next: ListSearch) => void }) {
  const queryClient = useQueryClient();
  const list = useResourceList({ search, onSearchChange, query: vehicleTypeQueries.list(vehicleTypeListInput(search)) });
  const remove = useMutation({
    mutationFn: (v: VehicleType) => deleteVehicleType(v.documentId),
    meta: {
      successMessage: 'Tipo de veículo excluído com sucesso',
      errorMessage: 'Não foi possível excluir o tipo de veículo.',
      useServerMessage: false,
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vehicleTypeKeys.all() }),
  });
  return (
    <ListPage<VehicleType>
      resource={vehicleTypeResource}
      list={list}
      columns={columns}
      getRowId={(v) => v.documentId}
      newTo={{ to: '/vehicle-type/new' }}
      editTo={(v) => ({ to: '/vehicle-type/$id', params: { id: v.documentId } })}
      onDelete={(v) => remove.mutateAsync(v)}
    />
  );
}
