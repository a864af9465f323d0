import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { StateForm } from '@/features/states/state-form';

export const Route = createFileRoute('/_app/state/new')({ staticData: routeMeta('/state/new'), component: StateForm });
