import { flagColumn, RegisterList, type ListColumn } from '@/components/layout/list';
import { formatDate } from '@/lib/format';
import { vehicleTypeData } from './api';
import type { VehicleType } from './schema';

const columns: ListColumn<VehicleType>[] = [
  { id: 'id', header: 'ID', accessorKey: 'id' },
  { id: 'name', header: 'Nome', accessorKey: 'name', meta: { wrap: true } },
  { id: 'description', header: 'Descrição', accessorFn: (v) => v.description ?? '', meta: { wrap: true, priority: 3, export: { value: 'description' } } },
  flagColumn('is_active', 'Ativo', { fallback: true }),
  { id: 'createdAt', header: 'Criado em', meta: { priority: 2, export: { value: 'createdAt', format: 'date' } }, accessorFn: (v) => formatDate(v.createdAt) },
];

/** /vehicle-types 'Tipos de Veículo' (spec 001 §2 "Vehicle types", §7, §8): the register list with the declared filters and sort. */
export function VehicleTypeList() {
  return (
    <RegisterList
      data={vehicleTypeData}
      columns={columns}
      deleted="Tipo de veículo excluído com sucesso"
      deleteFailed="Não foi possível excluir o tipo de veículo."
    />
  );
}
