import { Outlet } from 'react-router';
import { NewVersionAlert } from './NewVersionAlert.tsx';
import { OfflineBanner } from './OfflineBanner.tsx';

/** Every page: the app-wide banners float above whatever the route shows. */
export function RootLayout() {
  return (
    <>
      <div className="app-banners">
        <OfflineBanner />
        <NewVersionAlert />
      </div>
      <Outlet />
    </>
  );
}
