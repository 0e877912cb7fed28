import { mayOpenRoute, toPermissionRole } from '@jejak/domain';
import { Outlet, useLocation } from 'react-router';
import { NotAvailableScreen } from '../screens/NotAvailable/NotAvailableScreen.tsx';
import { useSessionUser } from '../store/session.ts';

/**
 * The one route guard: a path the role's grants do not reach (the permission table the sidebar
 * reads, domain routeAccess) shows the "not available for your role" page instead of its screen,
 * so the screen never asks the server for what it would refuse.
 */
export function RouteGuard() {
  const user = useSessionUser();
  const { pathname } = useLocation();
  return mayOpenRoute(toPermissionRole(user.userRole), pathname) ? <Outlet /> : <NotAvailableScreen />;
}
