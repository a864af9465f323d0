import { defineResource } from '@/lib/resources';

/** Vehicle types (spec 001 §2). */
export const vehicleTypeResource = defineResource({ api: 'vehicle-type', controller: 'vehicle-type', label: 'Tipos de Veículo', icon: 'vehicle' });
