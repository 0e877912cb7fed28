import {
  AlertOutlined,
  AppstoreOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  HistoryOutlined,
  LineChartOutlined,
  NodeIndexOutlined,
  SwapOutlined,
  TableOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { sidebarEntriesFor, toPermissionRole, type MenuKey } from '@jejak/domain';
import { Layout, Menu } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useStrings } from '../i18n/strings.ts';
import { Logo } from '../ui/Logo.tsx';
import { useSessionUser } from './session.ts';

const ICONS: Partial<Record<MenuKey, ReactNode>> = {
  InformationTable: <TableOutlined />,
  TripRecord: <NodeIndexOutlined />,
  Geofence: <EnvironmentOutlined />,
  UserManagement: <TeamOutlined />,
  Management: <AppstoreOutlined />,
  EventRecord: <HistoryOutlined />,
  FuelAnalysis: <LineChartOutlined />,
  Migration: <SwapOutlined />,
  SOSAlerts: <AlertOutlined />,
  VehicleReport: <FileTextOutlined />,
  Profile: <UserOutlined />,
};

const WIDTH = 240;

/** Collapsible navigation: logo, the entries the role may read, and the version label. */
export function Sidebar() {
  const user = useSessionUser();
  const strings = useStrings();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const entries = sidebarEntriesFor(toPermissionRole(user.userRole));
  const selected = entries.find((entry) => pathname === entry.path || pathname.startsWith(`${entry.path}/`));

  return (
    <Layout.Sider
      className="app-sider"
      collapsible
      // Below 768 px it folds to icons by itself, so a phone keeps room for the screen.
      breakpoint="md"
      collapsed={collapsed}
      onCollapse={setCollapsed}
      width={WIDTH}
      data-testid="sidebar"
    >
      <div className="app-sider-inner">
        <Link to="/" className="app-sider-logo" aria-label={strings.frame.dashboard}>
          <Logo compact={collapsed} />
        </Link>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={selected ? [selected.path] : []}
          items={entries.map((entry) => ({
            key: entry.path,
            icon: ICONS[entry.key],
            label: <Link to={entry.path}>{entry.label}</Link>,
          }))}
        />
        <div className="app-sider-version" data-testid="app-version">
          {strings.frame.version(__APP_VERSION__)}
        </div>
      </div>
    </Layout.Sider>
  );
}
