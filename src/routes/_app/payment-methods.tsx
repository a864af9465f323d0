import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { paymentMethodData } from '@/features/payment-methods/api';
import { paymentMethodResource } from '@/features/payment-methods/resource';
import { PaymentMethodList } from '@/features/payment-methods/payment-method-list';

export const Route = createFileRoute('/_app/payment-methods')({
  staticData: routeMeta('/payment-methods'),
  validateSearch: paymentMethodResource.validateSearch,
  loaderDeps: ({ search }) => search,
  // started, not awaited: the list frame paints at once ('Carregando...' rows; LCP)
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(paymentMethodData.list(paymentMethodData.listInput(deps))),
  component: PaymentMethodList,
});
