import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { CustomerForm } from '@/features/customers/customer-form';

export const Route = createFileRoute('/_app/customer/$id')({ staticData: routeMeta('/customer/$id'), component: CustomerForm });
