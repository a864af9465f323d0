import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { HistorySection } from '@/features/history/history-section';
import { UserForm } from '@/features/users/user-form';

export const Route = createFileRoute('/_app/user/$id')({
  staticData: routeMeta('/user/$id'),
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  // the form and, below it, the user's history (users are addressed by their numeric id)
  return (
    <>
      <UserForm id={id} mode="edit" />
      <HistorySection target={{ kind: 'record', type: 'user', recordId: Number(id) }} />
    </>
  );
}
