import type { ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { CHANGE_PASSWORD_ROUTE, RESET_PASSWORD_ROUTE } from '@jejak/contract';
import { AddUserScreen } from '../screens/AddUser/AddUserScreen.tsx';
import { ChangePasswordScreen } from '../screens/ChangePassword/ChangePasswordScreen.tsx';
import { ConfigureUserScreen } from '../screens/ConfigureUser/ConfigureUserScreen.tsx';
import { DashboardScreen } from '../screens/Dashboard/DashboardScreen.tsx';
import { DeviceFormScreen } from '../screens/DeviceForm/DeviceFormScreen.tsx';
import { TrackerSetupScreen } from '../screens/TrackerSetup/TrackerSetupScreen.tsx';
import { DeviceInspectorScreen } from '../screens/DeviceInspector/DeviceInspectorScreen.tsx';
import { EditUserScreen } from '../screens/EditUser/EditUserScreen.tsx';
import { GeofenceScreen } from '../screens/Geofence/GeofenceScreen.tsx';
import { GeofenceFormScreen } from '../screens/GeofenceForm/GeofenceFormScreen.tsx';
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
import { VehicleInspectorScreen } from '../screens/VehicleInspector/VehicleInspectorScreen.tsx';
import { VehicleReportScreen } from '../screens/VehicleReport/VehicleReportScreen.tsx';
import { VehicleGroupFormScreen } from '../screens/VehicleGroupForm/VehicleGroupFormScreen.tsx';
import { VehicleSubscriptionScreen } from '../screens/VehicleSubscription/VehicleSubscriptionScreen.tsx';
import { EventRecordScreen } from '../screens/EventRecord/EventRecordScreen.tsx';
import { FuelAnalysisScreen } from '../screens/FuelAnalysis/FuelAnalysisScreen.tsx';
import { InformationTableScreen } from '../screens/InformationTable/InformationTableScreen.tsx';
import { NotificationFormScreen } from '../screens/NotificationForm/NotificationFormScreen.tsx';
import { NotificationLogScreen } from '../screens/NotificationLog/NotificationLogScreen.tsx';
import { RuleFormScreen } from '../screens/RuleForm/RuleFormScreen.tsx';
import { RuleTemplateFormScreen } from '../screens/RuleTemplateForm/RuleTemplateFormScreen.tsx';
import { SOSAlertsScreen } from '../screens/SOSAlerts/SOSAlertsScreen.tsx';
import { TripRecordScreen } from '../screens/TripRecord/TripRecordScreen.tsx';
import { ScreenError } from '../ui/feedback/ScreenError.tsx';
import { AppFrame } from './AppFrame.tsx';
import { RequireSession } from './RequireSession.tsx';
import { RootLayout } from './RootLayout.tsx';

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
    // Where a new device's tracker reports, and its first message (issue 26 item 4).
    screen('/Management/Device/Setup/:dvid', <TrackerSetupScreen />),
    screen('/UserManagement/AddDevice', device('add', '/UserManagement', false)),
    screen('/UserManagement/EditDevice/:dvid', device('edit', '/UserManagement', false)),
  ];
}

/** Rules, rule templates and notifications (spec 2 §2), Event Record (spec 1) and SOS Alerts (spec 3): issue 12. */
function alertRoutes(): RouteObject[] {
  return [
    screen('/Management/Rule/Add', <RuleFormScreen key="add" mode="add" />),
    screen('/Management/Rule/Edit/:ruid', <RuleFormScreen key="edit" mode="edit" />),
    screen('/Management/RuleTemplate/Add', <RuleTemplateFormScreen key="add" mode="add" />),
    screen('/Management/RuleTemplate/Edit/:rtid', <RuleTemplateFormScreen key="edit" mode="edit" />),
    screen('/Management/Notification/Add', <NotificationFormScreen key="add" mode="add" />),
    screen('/Management/Notification/Edit/:nfid', <NotificationFormScreen key="edit" mode="edit" />),
    screen('/Management/Notification/Log', <NotificationLogScreen />),
    screen('/EventRecord', <EventRecordScreen />),
    screen('/TripRecord', <TripRecordScreen />),
    screen('/SOSAlerts', <SOSAlertsScreen />),
  ];
}

/** Add and Edit POI and Zone (spec 1 §2 "Geofence maps"): issue 14. */
function geofenceFormRoutes(): RouteObject[] {
  const form = (geoType: 'POI' | 'Polygon', mode: 'add' | 'edit') => (
    <GeofenceFormScreen key={`${geoType}-${mode}`} geoType={geoType} mode={mode} />
  );
  return [
    screen('/Geofence/AddNewPOI', form('POI', 'add')),
    screen('/Geofence/EditPOI', form('POI', 'edit')),
    screen('/Geofence/AddNewZone', form('Polygon', 'add')),
    screen('/Geofence/EditZone', form('Polygon', 'edit')),
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
              // Spec 1 lists /Test and /FleetRecord_Test among the map views without their content:
              // they open the live map and Trip Record rather than a dead end.
              screen('/Test', <DashboardScreen />),
              screen('/FleetRecord_Test', <TripRecordScreen />),
              screen('/Profile', <ProfileScreen />),
              screen(CHANGE_PASSWORD_ROUTE, <ChangePasswordScreen />),
              screen('/UserManagement', <UserManagementScreen />),
              screen('/UserManagement/Add', <AddUserScreen />),
              screen('/UserManagement/Edit', <EditUserScreen />),
              screen('/UserManagement/ConfigureUser', <ConfigureUserScreen />),
              screen('/DeviceInspector/:uid', <DeviceInspectorScreen />),
              screen('/VehicleInspector/:uid', <VehicleInspectorScreen />),
              screen('/VehicleReport', <VehicleReportScreen />),
              screen('/Migration', <MigrationScreen />),
              screen('/Migration/MigrateUser/:uid', <MigrateUserScreen />),
              screen('/FuelAnalysis', <FuelAnalysisScreen />),
              screen('/InformationTable', <InformationTableScreen />),
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
              screen('/Geofence', <GeofenceScreen />),
              screen('/Geofence/AddGroup', <GeofenceTemplateFormScreen key="add" mode="add" />),
              screen('/Geofence/EditGroup', <GeofenceTemplateFormScreen key="edit" mode="edit" />),
              ...geofenceFormRoutes(),
              ...fleetFormRoutes(),
              ...alertRoutes(),
              screen('*', <NotFoundScreen />),
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
