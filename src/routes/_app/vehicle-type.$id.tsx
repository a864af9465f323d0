import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { VehicleTypeForm } from '@/features/vehicle-types/vehicle-type-form';

export const Route = createFileRoute('/_app/vehicle-type/$id')({ staticData: routeMeta('/vehicle-type/$id'), component: VehicleTypeForm });
