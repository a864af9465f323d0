import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { PaymentMethodForm } from '@/features/payment-methods/payment-method-form';

export const Route = createFileRoute('/_app/payment-method/$id')({ staticData: routeMeta('/payment-method/$id'), component: PaymentMethodForm });
