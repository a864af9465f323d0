import { defineResource } from '@/lib/resources';

/** Receivables (spec 001 §5). */
export const receivableResource = defineResource({ api: 'receivable', controller: 'receivable', label: 'Contas a Receber', icon: 'receivable' });
