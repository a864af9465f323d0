import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { HistorySection } from '@/features/history/history-section';
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
  // the form and, below it, the receivable's history (the history feature's card: the route composes them);
  // the route takes a documentId or a numeric id, and so does the history
  return (
    <>
      <ReceivableForm id={id} mode="edit" />
      <HistorySection
        target={/^\d+$/.test(id) ? { kind: 'record', type: 'receivable', recordId: Number(id) } : { kind: 'record', type: 'receivable', documentId: id }}
      />
    </>
  );
}
