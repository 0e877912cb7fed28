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
import { Drawer, Layout, Menu } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { Strings } from '../i18n/en.ts';
import { useStrings } from '../i18n/strings.ts';
import { Logo } from '../ui/Logo.tsx';
import { useSessionUser } from '../store/session.ts';

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

/** An entry's label in the current language; the spec's English one for an entry not in the catalogue. */
function labelOf(sidebar: Strings['frame']['sidebar'], key: MenuKey, label: string): string {
  return key in sidebar ? sidebar[key as keyof typeof sidebar] : label;
}

/** The logo, the entries the role may read, and the version label. */
function Navigation({ compact, onNavigate }: { compact: boolean; onNavigate?: () => void }) {
  const user = useSessionUser();
  const strings = useStrings();
  const { pathname } = useLocation();
  const entries = sidebarEntriesFor(toPermissionRole(user.userRole));
  const selected = entries.find((entry) => pathname === entry.path || pathname.startsWith(`${entry.path}/`));
  return (
    <div className="app-sider-inner">
      <Link
        to="/"
        className="app-sider-logo"
        // The name a reader hears holds the wordmark it sees (WCAG 2.5.3).
        aria-label={`Jejak, ${strings.frame.dashboard}`}
        onClick={onNavigate}
      >
        <Logo compact={compact} />
      </Link>
      <Menu
        theme="dark"
        mode="inline"
        selectedKeys={selected ? [selected.path] : []}
        onClick={onNavigate}
        items={entries.map((entry) => ({
          key: entry.path,
          icon: ICONS[entry.key],
          label: <Link to={entry.path}>{labelOf(strings.frame.sidebar, entry.key, entry.label)}</Link>,
        }))}
      />
      <div className="app-sider-version" data-testid="app-version">
        {strings.frame.version(__APP_VERSION__)}
      </div>
    </div>
  );
}

/** Collapsible navigation beside the screen (tablets and wider). */
export function Sidebar() {
  const [collapsed, setCollapsed] = useState(false);
  return (
    <Layout.Sider
      className="app-sider"
      collapsible
      // Between 768 and 992 px it folds to icons by itself, so the screen keeps its room.
      breakpoint="lg"
      collapsed={collapsed}
      onCollapse={setCollapsed}
      width={WIDTH}
      data-testid="sidebar"
    >
      <Navigation compact={collapsed} />
    </Layout.Sider>
  );
}

/** On a phone the navigation is a drawer from the left, opened from the header's menu button. */
export function SidebarDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer
      placement="left"
      open={open}
      onClose={onClose}
      size={WIDTH}
      closable={false}
      className="app-sider app-sider-drawer"
      styles={{ body: { padding: 0 } }}
      data-testid="sidebar-drawer"
    >
      <Navigation compact={false} onNavigate={onClose} />
    </Drawer>
  );
}
