import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { VehicleTypeForm } from '@/features/vehicle-types/vehicle-type-form';

export const Route = createFileRoute('/_app/vehicle-type/new')({ staticData: routeMeta('/vehicle-type/new'), component: VehicleTypeForm });
