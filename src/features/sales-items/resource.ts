import { defineResource } from '@/lib/resources';

/** Sales items (spec 001 §2). */
export const salesItemResource = defineResource({ api: 'sales-item', controller: 'sales-item', label: 'Itens para Venda', icon: 'item' });
