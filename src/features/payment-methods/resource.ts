import { defineResource } from '@/lib/resources';

/** Payment methods (spec 001 §2). */
export const paymentMethodResource = defineResource({ api: 'payment-method', controller: 'payment-method', label: 'Meios de Pagamento', icon: 'payment' });
