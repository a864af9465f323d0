import { collection } from '@/lib/api/collection';
import { stateResource } from './resource';
import { stateSchema } from './schema';

/** The data layer of states (spec 000 §7 "GET /states", "GET /states/{id}", "POST/PUT/DELETE /states"). */
export const stateData = collection(stateResource, { schema: stateSchema, loadError: 'Erro ao carregar os estados: {message}' });
