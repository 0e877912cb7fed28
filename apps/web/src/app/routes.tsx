import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import {
  CHANGE_PASSWORD_ROUTE,
  CONFIRM_RECIPIENT_ROUTE,
  RESET_PASSWORD_ROUTE,
  SHARE_PAGE_PREFIX,
} from '@jejak/contract';
import { ScreenError } from '../ui/feedback/ScreenError.tsx';
import { ScreenLoading } from '../ui/feedback/ScreenLoading.tsx';
import { RequireSession } from './RequireSession.tsx';
import { RootLayout } from './RootLayout.tsx';

/**
 * A screen's module, loaded when its route is first drawn (ADR 0078): a first load carries only
 * what its screen needs, and the map, charts and sheet reading come with the screens that use them.
 */
function lazyScreen<K extends string, P extends object>(
  load: () => Promise<Record<K, (props: P) => ReactNode>>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const AddUserScreen = lazyScreen(() => import('../screens/AddUser/AddUserScreen.tsx'), 'AddUserScreen');
const ChangePasswordScreen = lazyScreen(
  () => import('../screens/ChangePassword/ChangePasswordScreen.tsx'),
  'ChangePasswordScreen',
);
const ConfigureUserScreen = lazyScreen(
  () => import('../screens/ConfigureUser/ConfigureUserScreen.tsx'),
  'ConfigureUserScreen',
);
const DashboardScreen = lazyScreen(() => import('../screens/Dashboard/DashboardScreen.tsx'), 'DashboardScreen');
const DeviceFormScreen = lazyScreen(() => import('../screens/DeviceForm/DeviceFormScreen.tsx'), 'DeviceFormScreen');
const TrackerSetupScreen = lazyScreen(
  () => import('../screens/TrackerSetup/TrackerSetupScreen.tsx'),
  'TrackerSetupScreen',
);
const DeviceInspectorScreen = lazyScreen(
  () => import('../screens/DeviceInspector/DeviceInspectorScreen.tsx'),
  'DeviceInspectorScreen',
);
const EditUserScreen = lazyScreen(() => import('../screens/EditUser/EditUserScreen.tsx'), 'EditUserScreen');
const GeofenceScreen = lazyScreen(() => import('../screens/Geofence/GeofenceScreen.tsx'), 'GeofenceScreen');
const GeofenceFormScreen = lazyScreen(
  () => import('../screens/GeofenceForm/GeofenceFormScreen.tsx'),
  'GeofenceFormScreen',
);
const GeofenceTemplateFormScreen = lazyScreen(
  () => import('../screens/GeofenceTemplateForm/GeofenceTemplateFormScreen.tsx'),
  'GeofenceTemplateFormScreen',
);
const LoginScreen = lazyScreen(() => import('../screens/Login/LoginScreen.tsx'), 'LoginScreen');
const ManagementScreen = lazyScreen(() => import('../screens/Management/ManagementScreen.tsx'), 'ManagementScreen');
const MigrateUserScreen = lazyScreen(() => import('../screens/MigrateUser/MigrateUserScreen.tsx'), 'MigrateUserScreen');
const MigrationScreen = lazyScreen(() => import('../screens/Migration/MigrationScreen.tsx'), 'MigrationScreen');
const NotFoundScreen = lazyScreen(() => import('../screens/NotFound/NotFoundScreen.tsx'), 'NotFoundScreen');
const ProfileScreen = lazyScreen(() => import('../screens/Profile/ProfileScreen.tsx'), 'ProfileScreen');
const ConfirmRecipientScreen = lazyScreen(
  () => import('../screens/ConfirmRecipient/ConfirmRecipientScreen.tsx'),
  'ConfirmRecipientScreen',
);
const ResetPasswordScreen = lazyScreen(
  () => import('../screens/ResetPassword/ResetPasswordScreen.tsx'),
  'ResetPasswordScreen',
);
const SharedPositionScreen = lazyScreen(
  () => import('../screens/SharedPosition/SharedPositionScreen.tsx'),
  'SharedPositionScreen',
);
const SubscriptionFormScreen = lazyScreen(
  () => import('../screens/SubscriptionForm/SubscriptionFormScreen.tsx'),
  'SubscriptionFormScreen',
);
const UserManagementScreen = lazyScreen(
  () => import('../screens/UserManagement/UserManagementScreen.tsx'),
  'UserManagementScreen',
);
const VehicleFormScreen = lazyScreen(() => import('../screens/VehicleForm/VehicleFormScreen.tsx'), 'VehicleFormScreen');
const VehicleInspectorScreen = lazyScreen(
  () => import('../screens/VehicleInspector/VehicleInspectorScreen.tsx'),
  'VehicleInspectorScreen',
);
const VehicleReportScreen = lazyScreen(
  () => import('../screens/VehicleReport/VehicleReportScreen.tsx'),
  'VehicleReportScreen',
);
const VehicleGroupFormScreen = lazyScreen(
  () => import('../screens/VehicleGroupForm/VehicleGroupFormScreen.tsx'),
  'VehicleGroupFormScreen',
);
const VehicleSubscriptionScreen = lazyScreen(
  () => import('../screens/VehicleSubscription/VehicleSubscriptionScreen.tsx'),
  'VehicleSubscriptionScreen',
);
const EventRecordScreen = lazyScreen(() => import('../screens/EventRecord/EventRecordScreen.tsx'), 'EventRecordScreen');
const FuelAnalysisScreen = lazyScreen(
  () => import('../screens/FuelAnalysis/FuelAnalysisScreen.tsx'),
  'FuelAnalysisScreen',
);
const InformationTableScreen = lazyScreen(
  () => import('../screens/InformationTable/InformationTableScreen.tsx'),
  'InformationTableScreen',
);
const NotificationFormScreen = lazyScreen(
  () => import('../screens/NotificationForm/NotificationFormScreen.tsx'),
  'NotificationFormScreen',
);
const NotificationLogScreen = lazyScreen(
  () => import('../screens/NotificationLog/NotificationLogScreen.tsx'),
  'NotificationLogScreen',
);
const RuleFormScreen = lazyScreen(() => import('../screens/RuleForm/RuleFormScreen.tsx'), 'RuleFormScreen');
const RuleTemplateFormScreen = lazyScreen(
  () => import('../screens/RuleTemplateForm/RuleTemplateFormScreen.tsx'),
  'RuleTemplateFormScreen',
);
const SOSAlertsScreen = lazyScreen(() => import('../screens/SOSAlerts/SOSAlertsScreen.tsx'), 'SOSAlertsScreen');
const TripRecordScreen = lazyScreen(() => import('../screens/TripRecord/TripRecordScreen.tsx'), 'TripRecordScreen');
const AppFrame = lazyScreen(() => import('./AppFrame.tsx'), 'AppFrame');

/**
 * A screen route: a small spinner while its module loads, and its own error boundary keeps the
 * frame alive when the screen fails (or its module cannot be fetched).
 */
function screen(path: string, element: ReactNode): RouteObject {
  return { path, element: <Suspense fallback={<ScreenLoading />}>{element}</Suspense>, errorElement: <ScreenError /> };
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
      // An outside notification recipient's confirmation link, opened signed out (ADR 0083).
      screen(CONFIRM_RECIPIENT_ROUTE, <ConfirmRecipientScreen />),
      // A shared vehicle's live position, opened by anyone with the link, signed out (ADR 0093).
      screen(`${SHARE_PAGE_PREFIX}:token`, <SharedPositionScreen />),
      {
        element: <RequireSession />,
        children: [
          {
            element: (
              <Suspense fallback={<ScreenLoading page />}>
                <AppFrame />
              </Suspense>
            ),
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
