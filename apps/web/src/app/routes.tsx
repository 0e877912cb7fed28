import type { ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { CHANGE_PASSWORD_ROUTE, RESET_PASSWORD_ROUTE } from '@jejak/contract';
import { AddUserScreen } from '../screens/AddUser/AddUserScreen.tsx';
import { ChangePasswordScreen } from '../screens/ChangePassword/ChangePasswordScreen.tsx';
import { ComingSoonScreen } from '../screens/ComingSoon/ComingSoonScreen.tsx';
import { ConfigureUserScreen } from '../screens/ConfigureUser/ConfigureUserScreen.tsx';
import { DashboardScreen } from '../screens/Dashboard/DashboardScreen.tsx';
import { DeviceFormScreen } from '../screens/DeviceForm/DeviceFormScreen.tsx';
import { EditUserScreen } from '../screens/EditUser/EditUserScreen.tsx';
import { GeofenceTemplateFormScreen } from '../screens/GeofenceTemplateForm/GeofenceTemplateFormScreen.tsx';
import { LoginScreen } from '../screens/Login/LoginScreen.tsx';
import { ManagementScreen } from '../screens/Management/ManagementScreen.tsx';
import { MigrateUserScreen } from '../screens/MigrateUser/MigrateUserScreen.tsx';
import { MigrationScreen } from '../screens/Migration/MigrationScreen.tsx';
import { NotFoundScreen } from '../screens/NotFound/NotFoundScreen.tsx';
import { ProfileScreen } from '../screens/Profile/ProfileScreen.tsx';
import { ResetPasswordScreen } from '../screens/ResetPassword/ResetPasswordScreen.tsx';
import { SubscriptionFormScreen } from '../screens/SubscriptionForm/SubscriptionFormScreen.tsx';
import { UserManagementScreen } from '../screens/UserManagement/UserManagementScreen.tsx';
import { VehicleFormScreen } from '../screens/VehicleForm/VehicleFormScreen.tsx';
import { VehicleGroupFormScreen } from '../screens/VehicleGroupForm/VehicleGroupFormScreen.tsx';
import { VehicleSubscriptionScreen } from '../screens/VehicleSubscription/VehicleSubscriptionScreen.tsx';
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
  // Other routes of spec 1
  '/InformationTable',
  '/VehicleInspector/:uid',
  '/DeviceInspector/:uid',
  // Management (spec 2)
  '/Management/Rule/Add',
  '/Management/Rule/Edit/:ruid',
  '/Management/RuleTemplate/Add',
  '/Management/RuleTemplate/Edit/:rtid',
  '/Management/Notification/Add',
  '/Management/Notification/Edit/:nfid',
  '/Management/Notification/Log',
  // Reporting and administration (spec 3)
  '/FuelAnalysis',
  '/SOSAlerts',
  '/VehicleReport',
];

/** A screen route: its own error boundary keeps the frame alive when the screen fails. */
function screen(path: string, element: ReactNode): RouteObject {
  return { path, element, errorElement: <ScreenError /> };
}

/** Add and Edit Vehicle and Device, from Management (spec 2 §2) and from User Management (spec 1 §2). */
function fleetFormRoutes(): RouteObject[] {
  const vehicle = (mode: 'add' | 'edit', home: string) => <VehicleFormScreen key={mode} mode={mode} home={home} />;
  const device = (mode: 'add' | 'edit', home: string, goesHome: boolean) => (
    <DeviceFormScreen key={mode} mode={mode} home={home} goesHome={goesHome} />
  );
  return [
    screen('/Management/Vehicle/Add', vehicle('add', '/Management/Vehicle')),
    screen('/Management/Vehicle/Edit/:vid', vehicle('edit', '/Management/Vehicle')),
    screen('/UserManagement/AddVehicle', vehicle('add', '/UserManagement')),
    screen('/UserManagement/EditVehicle/:vid', vehicle('edit', '/UserManagement')),
    screen('/Management/Device/Add', device('add', '/Management/Device', true)),
    screen('/Management/Device/Edit/:dvid', device('edit', '/Management/Device', true)),
    screen('/UserManagement/AddDevice', device('add', '/UserManagement', false)),
    screen('/UserManagement/EditDevice/:dvid', device('edit', '/UserManagement', false)),
  ];
}

/** The one route table of the console. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ScreenError />,
    children: [
      screen('/Login', <LoginScreen />),
      // The e-mailed reset link is opened signed out.
      screen(RESET_PASSWORD_ROUTE, <ResetPasswordScreen />),
      {
        element: <RequireSession />,
        children: [
          {
            element: <AppFrame />,
            children: [
              screen('/', <DashboardScreen />),
              screen('/Profile', <ProfileScreen />),
              screen(CHANGE_PASSWORD_ROUTE, <ChangePasswordScreen />),
              screen('/UserManagement', <UserManagementScreen />),
              screen('/UserManagement/Add', <AddUserScreen />),
              screen('/UserManagement/Edit', <EditUserScreen />),
              screen('/UserManagement/ConfigureUser', <ConfigureUserScreen />),
              screen('/Migration', <MigrationScreen />),
              screen('/Migration/MigrateUser/:uid', <MigrateUserScreen />),
              screen('/VehicleSubscription', <VehicleSubscriptionScreen />),
              screen('/VehicleSubscription/Add', <SubscriptionFormScreen key="add" mode="add" />),
              screen('/VehicleSubscription/Edit', <SubscriptionFormScreen key="edit" mode="edit" />),
              screen('/VehicleSubscription/Renew', <SubscriptionFormScreen key="renew" mode="renew" />),
              screen('/Management', <ManagementScreen />),
              screen('/Management/:tab', <ManagementScreen />),
              ...['/Management/VehicleGroup/Add', '/AddVehicleGroup'].map((path) =>
                screen(path, <VehicleGroupFormScreen key="add" mode="add" />),
              ),
              ...['/Management/VehicleGroup/Edit', '/EditVehicleGroup'].map((path) =>
                screen(path, <VehicleGroupFormScreen key="edit" mode="edit" />),
              ),
              screen('/Geofence/AddGroup', <GeofenceTemplateFormScreen key="add" mode="add" />),
              screen('/Geofence/EditGroup', <GeofenceTemplateFormScreen key="edit" mode="edit" />),
              ...fleetFormRoutes(),
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
