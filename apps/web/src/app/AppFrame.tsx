import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { useLiveFleet } from '../store/use-live-fleet.ts';
import { EventPopups } from '../ui/alerts/EventPopups.tsx';
import { HeaderBar } from './HeaderBar.tsx';
import { useSessionUser } from './session.ts';
import { Sidebar } from './Sidebar.tsx';

/** The signed-in frame: sidebar, header and the current screen; it keeps the live fleet fed. */
export function AppFrame() {
  const user = useSessionUser();
  useLiveFleet(user.uid);

  return (
    <Layout className="app-frame">
      <Sidebar />
      <Layout>
        <HeaderBar />
        <Layout.Content className="app-content">
          <Outlet />
        </Layout.Content>
        <EventPopups />
      </Layout>
    </Layout>
  );
}
