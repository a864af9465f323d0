import { defineResource } from '@/lib/resources';

/** Vehicle types (spec 001 §2, §7 "Vehicle types"): a register and a cached lookup (the sales item select). */
export const vehicleTypeResource = defineResource({
  api: 'vehicle-type',
  controller: 'vehicle-type',
  label: 'Tipos de Veículo',
  icon: 'vehicle',
  path: '/vehicle-types',
  routes: { '/vehicle-types': 'find', '/vehicle-type/$id': 'findOne', '/vehicle-type/new': 'create' },
  menu: { group: 'CADASTROS', order: 50 },
  lookup: {},
  list: {
    route: '/vehicle-types',
    sort: { id: 'ID', name: 'Nome', createdAt: 'Criado em', description: 'Descrição' },
    filters: [
      { name: 'id', label: 'ID', type: 'number' },
      { name: 'name', label: 'Nome' },
      { name: 'description', label: 'Descrição' },
      { name: 'is_active', label: 'Ativo', type: 'tri-state' },
    ],
  },
});
