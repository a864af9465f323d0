import { defineResource } from '@/lib/resources';

/** Dispatchers: companies of type dispatcher, on the company API (spec 001 §9). */
export const despachanteResource = defineResource({ api: 'company', controller: 'company', label: 'Despachantes', icon: 'dispatcher' });
