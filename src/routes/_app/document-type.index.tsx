import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { DocumentTypeScreen } from '@/features/document-types/document-type-screen';

export const Route = createFileRoute('/_app/document-type/')({
  staticData: routeMeta('/document-type'),
  component: RouteComponent,
});

function RouteComponent() {
  return <DocumentTypeScreen />;
}
