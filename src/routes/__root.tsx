import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { NotFound } from '@/components/layout/not-found';
import { Toaster } from '@/components/ui/toast';
import type { RouterContext } from '../router-context';

export const Route = createRootRouteWithContext<RouterContext>()({
  // The root frame (toaster, not-found) is shown to everyone; the leaf route decides access.
  staticData: { permission: 'public' },
  component: () => (
    <>
      <Outlet />
      <Toaster />
    </>
  ),
  notFoundComponent: NotFound,
});
