import { defineResource } from '@/lib/resources';

/** Sales orders (spec 001 §3). */
export const salesOrderResource = defineResource({ api: 'sales-order', controller: 'sales-order', label: 'Pedidos', icon: 'orders' });
