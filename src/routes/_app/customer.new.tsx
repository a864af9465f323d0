import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { CustomerForm } from '@/features/customers/customer-form';

export const Route = createFileRoute('/_app/customer/new')({ staticData: routeMeta('/customer/new'), component: CustomerForm });
