import type { ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ComingSoonScreen } from '../screens/ComingSoon/ComingSoonScreen.tsx';
import { DashboardScreen } from '../screens/Dashboard/DashboardScreen.tsx';
import { LoginScreen } from '../screens/Login/LoginScreen.tsx';
import { NotFoundScreen } from '../screens/NotFound/NotFoundScreen.tsx';
import { ProfileScreen } from '../screens/Profile/ProfileScreen.tsx';
import { ScreenError } from '../ui/ScreenError.tsx';
import { AppFrame } from './AppFrame.tsx';
import { RequireSession } from './RequireSession.tsx';
import { RootLayout } from './RootLayout.tsx';

/** Listed routes (spec 1 §2, spec 2 §2, spec 3 §2) whose screens are not built yet. */
const COMING_SOON_PATHS = [
  // Map-view routes of spec 1
  '/Test',
  '/EventRecord',
  '/TripRecord',
  '/FleetRecord_Test',
  '/Geofence',
  '/Geofence/EditPOI',
  '/Geofence/AddNewPOI',
  '/Geofence/EditZone',
  '/Geofence/AddNewZone',
  '/Geofence/AddGroup',
  '/Geofence/EditGroup',
  // Other routes of spec 1
  '/InformationTable',
  '/UserManagement',
  '/UserManagement/Add',
  '/UserManagement/Edit',
  '/UserManagement/ConfigureUser',
  '/UserManagement/AddDevice',
  '/UserManagement/EditDevice/:dvid',
  '/UserManagement/AddVehicle',
  '/UserManagement/EditVehicle/:vid',
  '/VehicleInspector/:uid',
  '/DeviceInspector/:uid',
  // Management (spec 2)
  '/Management',
  '/Management/:tab',
  '/Management/Vehicle/Add',
  '/Management/Vehicle/Edit/:vid',
  '/Management/VehicleGroup/Add',
  '/Management/VehicleGroup/Edit',
  '/AddVehicleGroup',
  '/EditVehicleGroup',
  '/Management/Device/Add',
  '/Management/Device/Edit/:dvid',
  '/Management/Rule/Add',
  '/Management/Rule/Edit/:ruid',
  '/Management/RuleTemplate/Add',
  '/Management/RuleTemplate/Edit/:rtid',
  '/Management/Notification/Add',
  '/Management/Notification/Edit/:nfid',
  '/Management/Notification/Log',
  // Reporting and administration (spec 3)
  '/FuelAnalysis',
  '/Migration',
  '/Migration/MigrateUser/:uid',
  '/SOSAlerts',
  '/VehicleReport',
  '/VehicleSubscription',
  '/VehicleSubscription/Add',
  '/VehicleSubscription/Edit',
  '/VehicleSubscription/Renew',
];

/** A screen route: its own error boundary keeps the frame alive when the screen fails. */
function screen(path: string, element: ReactNode): RouteObject {
  return { path, element, errorElement: <ScreenError /> };
}

/** The one route table of the console. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ScreenError />,
    children: [
      screen('/Login', <LoginScreen />),
      {
        element: <RequireSession />,
        children: [
          {
            element: <AppFrame />,
            children: [
              screen('/', <DashboardScreen />),
              screen('/Profile', <ProfileScreen />),
              ...COMING_SOON_PATHS.map((path) => screen(path, <ComingSoonScreen />)),
              screen('*', <NotFoundScreen />),
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
