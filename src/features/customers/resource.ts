import { defineResource } from '@/lib/resources';

/** Customers (spec 001 §2). */
export const customerResource = defineResource({ api: 'customer', controller: 'customer', label: 'Clientes', icon: 'customer' });
