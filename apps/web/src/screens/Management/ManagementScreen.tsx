import { mayCall, toPermissionRole, type RoleValue } from '@jejak/domain';
import { Card, Tabs, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useSessionUser } from '../../store/session.ts';
import { useStrings } from '../../i18n/strings.ts';
import { DevicesTab } from './DevicesTab.tsx';
import { NotificationsTab } from './NotificationsTab.tsx';
import { RulesTab } from './RulesTab.tsx';
import { visibleTabs, type ManagementTab } from './management-tabs.ts';
import { VehiclesTab } from './VehiclesTab.tsx';
import { WebhooksTab } from './WebhooksTab.tsx';
import { MaintenanceTab } from './maintenance/MaintenanceTab.tsx';

/**
 * /Management/{tab} (spec 2 §2, §6): Vehicle, Device, Rule and Notification tabs, and Webhook (ADR 0089). Vehicle is the
 * default and stands in for an unknown or hidden tab.
 */
export function ManagementScreen() {
  const me = useSessionUser();
  const s = useStrings().management;
  const navigate = useNavigate();
  const { tab } = useParams();
  const role: RoleValue | undefined = me.userRole;
  const readsDevices = mayCall(toPermissionRole(role), 'readDevices');
  const tabs = visibleTabs(role, readsDevices, mayCall(toPermissionRole(role), 'manageAlerts'));
  const active: ManagementTab = tabs.find((t) => t === tab) ?? 'Vehicle';

  const content = (key: ManagementTab) => {
    switch (key) {
      case 'Vehicle':
        return (
          <VehiclesTab
            uid={me.uid}
            showDevice={readsDevices}
            // Hidden from fleet owners (spec 2 §6), and from every role the server would refuse them.
            showButtons={role !== 'fleetOwner' && mayCall(toPermissionRole(role), 'addVehicles')}
            editsVehicles={mayCall(toPermissionRole(role), 'manageVehicles')}
          />
        );
      case 'Device':
        return <DevicesTab uid={me.uid} registers={mayCall(toPermissionRole(role), 'manageDevices')} />;
      case 'Rule':
        return <RulesTab uid={me.uid} mayApply={mayCall(toPermissionRole(role), 'manageAlerts')} />;
      case 'Notification':
        return <NotificationsTab uid={me.uid} />;
      case 'Maintenance':
        return <MaintenanceTab mayMarkDone={mayCall(toPermissionRole(role), 'manageVehicles')} />;
      case 'Webhook':
        return <WebhooksTab />;
    }
  };

  return (
    <div className="screen-padded">
      <Card title={<Typography.Title level={4}>{s.title}</Typography.Title>}>
        {tabs.length > 0 && (
          <Tabs
            activeKey={active}
            destroyOnHidden
            onChange={(key) => void navigate(`/Management/${key}`)}
            items={tabs.map((key) => ({ key, label: s.tabs[key], children: content(key) }))}
          />
        )}
      </Card>
    </div>
  );
}
