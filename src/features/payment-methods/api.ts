import { collection } from '@/lib/api/collection';
import { paymentMethodResource } from './resource';
import { paymentMethodSchema } from './schema';

/** The data layer of payment methods (spec 001 §7 "Payment methods"); the selects' options are shared reference data (src/shared/payment-methods.ts). */
export const paymentMethodData = collection(paymentMethodResource, {
  schema: paymentMethodSchema,
  loadError: 'Erro ao carregar os meios de pagamento: {message}',
});
