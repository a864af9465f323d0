import { collection } from '@/lib/api/collection';
import { vehicleTypeResource } from './resource';
import { vehicleTypeSchema } from './schema';

/** The data layer of vehicle types (spec 001 §7 "Vehicle types"). */
export const vehicleTypeData = collection(vehicleTypeResource, { schema: vehicleTypeSchema, loadError: 'Erro ao carregar os tipos de veículo: {message}' });
