import { collection } from '@/lib/api/collection';
import { customerResource } from './resource';
import { customerSchema } from './schema';

/** The data layer of customers (spec 001 §7 "Customers"). */
export const customerData = collection(customerResource, { schema: customerSchema, loadError: 'Erro ao carregar os clientes: {message}' });
