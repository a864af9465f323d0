import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { receivableQueries } from '@/features/receivables/api';
import { ReceivableForm } from '@/features/receivables/receivable-form';

export const Route = createFileRoute('/_app/receivables/$id')({
  staticData: routeMeta('/receivables/$id'),
  // prefetch (not ensure): the form reports a failed load itself (toast, back to the list)
  loader: ({ context, params }) => context.queryClient.prefetchQuery(receivableQueries.detail(params.id)),
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <ReceivableForm id={id} mode="edit" />;
}
