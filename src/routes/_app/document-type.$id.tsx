import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { DocumentTypeScreen } from '@/features/document-types/document-type-screen';

export const Route = createFileRoute('/_app/document-type/$id')({
  staticData: routeMeta('/document-type/$id'),
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <DocumentTypeScreen id={id} modal="edit" />;
}
