import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { HomeScreen, type HomeLinks } from '@/features/home/home-screen';
import { receivableResource } from '@/features/receivables/resource';
import { salesOrderResource } from '@/features/sales-orders/resource';

export const Route = createFileRoute('/_app/')({
  staticData: routeMeta('/'),
  component: RouteComponent,
});

/** The lists the home's figures open, at their default page and size, filtered as the figure counts. */
const links: HomeLinks = {
  orders: (status) => ({ to: salesOrderResource.list.route, search: { ...salesOrderResource.validateSearch({}), filters: { status } } }),
  pendingReceivables: { to: receivableResource.list.route, search: { ...receivableResource.validateSearch({}), filters: { status: 'pending' } } },
};

function RouteComponent() {
  return <HomeScreen links={links} />;
}
