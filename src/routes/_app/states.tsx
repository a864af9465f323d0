import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { stateData } from '@/features/states/api';
import { stateResource } from '@/features/states/resource';
import { StateList } from '@/features/states/state-list';

export const Route = createFileRoute('/_app/states')({
  staticData: routeMeta('/states'),
  validateSearch: stateResource.validateSearch,
  loaderDeps: ({ search }) => search,
  // started, not awaited: the list frame paints at once ('Carregando...' rows; LCP)
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(stateData.list(stateData.listInput(deps))),
  component: StateList,
});
