import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { PaymentMethodForm } from '@/features/payment-methods/payment-method-form';

export const Route = createFileRoute('/_app/payment-method/new')({ staticData: routeMeta('/payment-method/new'), component: PaymentMethodForm });
