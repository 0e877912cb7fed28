import { Grid, Layout } from 'antd';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useLiveFleet } from '../store/use-live-fleet.ts';
import { useSignInLoad } from '../store/sign-in-load.ts';
import { EventPopups } from '../ui/alerts/EventPopups.tsx';
import { HeaderBar } from './HeaderBar.tsx';
import { RouteGuard } from './RouteGuard.tsx';
import { SosBanner } from './SosBanner.tsx';
import { useSessionUser } from '../store/session.ts';
import { Sidebar, SidebarDrawer } from './Sidebar.tsx';

/**
 * The signed-in frame: sidebar, header and the current screen (behind the route guard); it keeps the live fleet fed. On a
 * phone (below 768 px) the sidebar gives its room to the screen and opens as a drawer instead.
 */
export function AppFrame() {
  const user = useSessionUser();
  useLiveFleet(user.uid);
  useSignInLoad(user.uid, user.userRole);
  const phone = Grid.useBreakpoint().md === false;
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The screen shown, for whoever reads the page (the browser specs wait on it after a navigation).
  const { pathname } = useLocation();

  return (
    <Layout className="app-frame">
      {phone ? <SidebarDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} /> : <Sidebar />}
      <Layout>
        <HeaderBar onMenu={phone ? () => setDrawerOpen(true) : undefined} />
        <SosBanner />
        <Layout.Content className="app-content" data-path={pathname}>
          {/* The current screen, or "not available for your role" (one guard for every route). */}
          <RouteGuard />
        </Layout.Content>
        <EventPopups />
      </Layout>
    </Layout>
  );
}
