import { defineResource } from '@/lib/resources';

/** Dealerships: companies of type company (spec 001 §2). */
export const companyResource = defineResource({ api: 'company', controller: 'company', label: 'Concessionárias', icon: 'company' });
