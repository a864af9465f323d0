import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { HomeScreen } from '@/features/home/home-screen';

export const Route = createFileRoute('/_app/')({
  staticData: routeMeta('/'),
  component: RouteComponent,
});

function RouteComponent() {
  return <HomeScreen />;
}
