import type { UserDetail, UserDeviceRow, UserVehicleRow } from '@jejak/contract';
import { mayCall, toPermissionRole } from '@jejak/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Table, Tabs, type TableColumnsType } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { accountKeys, fetchUserDevices, fetchUserVehicles } from '../../api/accounts/accounts.ts';
import { errorText } from '../../api/error-text.ts';
import { useSessionUser } from '../../store/session.ts';
import { useStrings } from '../../i18n/strings.ts';
import { formatDateTime } from '../../ui/format.ts';
import { showToast } from '../../ui/feedback/notifier.ts';
import { tablePagination } from '../../ui/table/table.ts';
import { usePinnedColumns } from '../../ui/table/use-pinned-columns.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';

const text = (value: string | number | null) => (value === null || value === '' ? '-' : String(value));
const date = (ms: number | null) => formatDateTime(ms).slice(0, 10);

interface RowLink {
  label: string;
  to: string;
  state: unknown;
}

/**
 * A row's actions: links to other screens, each with its navigation state. They stand one above
 * the other so the pinned Actions column stays narrow and covers none of the columns beside it
 * (issue 25, defect 5: Creation Date lay under it at 1440 px).
 */
function RowLinks({ links }: { links: RowLink[] }) {
  const navigate = useNavigate();
  return (
    <Space orientation="vertical" size={0} align="start" className="row-links">
      {links.map((link) => (
        <Button key={link.label} type="link" size="small" onClick={() => void navigate(link.to, { state: link.state })}>
          {link.label}
        </Button>
      ))}
    </Space>
  );
}

function useVehicleColumns(owner: UserDetail): TableColumnsType<UserVehicleRow> {
  const strings = useStrings();
  const c = strings.vehicleColumns;
  const mileage = (key: keyof UserVehicleRow) => ({
    title: c.nextMileage,
    key,
    render: (_: unknown, row: UserVehicleRow) => text(row[key]),
  });
  const due = (key: keyof UserVehicleRow) => ({
    title: c.dueDate,
    key,
    render: (_: unknown, row: UserVehicleRow) => {
      const value = row[key];
      return typeof value === 'number' ? date(value) : '-';
    },
  });
  return [
    { title: c.plate, dataIndex: 'vehiclePlate', key: 'plate', fixed: 'left' },
    { title: c.displayName, dataIndex: 'vehicleDisplayName', key: 'name' },
    { title: c.type, dataIndex: 'vehicleType', key: 'type' },
    { title: c.model, dataIndex: 'vehicleModel', key: 'model' },
    { title: c.device, dataIndex: 'dvid', key: 'dvid' },
    { title: c.simCard, key: 'sim', render: (_, row) => text(row.simCard) },
    {
      title: c.engineService,
      key: 'engine',
      children: [
        mileage('engineServiceNextMileage'),
        { title: c.nextWorkingHour, key: 'hours', render: (_, row) => text(row.engineServiceNextWorkingHour) },
        due('engineServiceDueDate'),
      ],
    },
    {
      title: c.transmissionService,
      key: 'transmission',
      children: [mileage('transmissionServiceNextMileage'), due('transmissionServiceDueDate')],
    },
    {
      title: c.rearAxleService,
      key: 'rearAxle',
      children: [mileage('rearAxleServiceNextMileage'), due('rearAxleServiceDueDate')],
    },
    { title: c.generalService, key: 'general', children: [mileage('serviceNextMileage'), due('serviceDueDate')] },
    {
      title: c.subscription,
      key: 'subscription',
      children: [
        { title: c.subsStart, key: 'subsStart', render: (_, row) => formatDateTime(row.subsStartDate) },
        { title: c.subsEnd, key: 'subsEnd', render: (_, row) => formatDateTime(row.subsEndDate) },
      ],
    },
    { title: c.createdAt, key: 'createdAt', render: (_, row) => formatDateTime(row.createdAt) },
    {
      title: c.actions,
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <RowLinks
          links={[
            { label: c.inspect, to: `/VehicleInspector/${owner.uid}`, state: { vehicle: row, uid: owner.uid } },
            {
              label: c.edit,
              to: `/UserManagement/EditVehicle/${encodeURIComponent(row.vid)}`,
              state: { vehicle: row, uid: owner.uid },
            },
          ]}
        />
      ),
    },
  ];
}

function useDeviceColumns(owner: UserDetail): TableColumnsType<UserDeviceRow> {
  const strings = useStrings();
  const c = strings.deviceColumns;
  const targetUser = { uid: owner.uid, userRole: owner.userRole, userHierarchy: owner.userHierarchy };
  return [
    { title: c.dvid, dataIndex: 'dvid', key: 'dvid', fixed: 'left' },
    { title: c.plate, key: 'plate', render: (_, row) => text(row.vehiclePlate) },
    { title: c.simCard, key: 'sim', render: (_, row) => text(row.simCard) },
    { title: c.createdAt, key: 'createdAt', render: (_, row) => formatDateTime(row.createdAt) },
    {
      title: c.actions,
      key: 'actions',
      // Kept in view like the vehicle table's: the table is wider than the screen beside the tree.
      fixed: 'right',
      render: (_, row) => (
        <RowLinks
          links={[
            { label: c.inspect, to: `/DeviceInspector/${owner.uid}`, state: { dvid: row.dvid, uid: owner.uid } },
            {
              label: c.edit,
              to: `/UserManagement/EditDevice/${encodeURIComponent(row.dvid)}`,
              state: { device: row, targetUser },
            },
          ]}
        />
      ),
    },
  ];
}

function useToastOnError(error: unknown): void {
  useEffect(() => {
    if (error) showToast('error', errorText(error));
  }, [error]);
}

/**
 * The chosen user's vehicles, and for those who may see devices a second tab with its
 * devices (fleet owners and operators see only vehicles, spec 1 §2, §6).
 */
export function FleetTables({ user }: { user: UserDetail }) {
  const me = useSessionUser();
  const strings = useStrings();
  const seesDevices = mayCall(toPermissionRole(me.userRole), 'readDevices');
  const vehicles = useQuery({ queryKey: accountKeys.vehicles(user.uid), queryFn: () => fetchUserVehicles(user.uid) });
  const devices = useQuery({
    queryKey: accountKeys.devices(user.uid),
    queryFn: () => fetchUserDevices(user.uid),
    enabled: seesDevices,
  });
  useToastOnError(vehicles.error);
  useToastOnError(devices.error);
  const vehicleColumns = useVehicleColumns(user);
  const deviceColumns = useDeviceColumns(user);

  const vehicleRows = [...(vehicles.data ?? [])].sort((a, b) => a.vehiclePlate.localeCompare(b.vehiclePlate));
  const vehicleTable = (
    <FleetTable
      testId="vehicle-table"
      rowKey="vid"
      loading={vehicles.isPending}
      columns={vehicleColumns}
      rows={vehicleRows}
      // Fleet owners and operators have no Add Vehicle button (UserCard).
      emptyText={FLEET_READERS.includes(me.userRole) ? strings.empty.userNoVehicles : strings.empty.userVehicles}
    />
  );
  if (!seesDevices) return <div className="fleet-tables">{vehicleTable}</div>;

  const deviceRows = [...(devices.data ?? [])].sort((a, b) => a.dvid.localeCompare(b.dvid));
  return (
    <Tabs
      className="fleet-tables"
      items={[
        { key: 'vehicles', label: strings.users.vehicles, children: vehicleTable },
        {
          key: 'devices',
          label: strings.users.devices,
          children: (
            <FleetTable
              testId="device-table"
              rowKey="dvid"
              loading={devices.isPending}
              columns={deviceColumns}
              rows={deviceRows}
              emptyText={strings.empty.userDevices}
            />
          ),
        },
      ]}
    />
  );
}

const FLEET_READERS: readonly string[] = ['fleetOwner', 'fleetOperator'];

interface FleetTableProps<T> {
  testId: string;
  rowKey: keyof T & string;
  loading: boolean;
  columns: TableColumnsType<T>;
  rows: T[];
  /** What the table says when empty. */
  emptyText: string;
}

/** A wide fleet table: scrolls sideways, paginates only above 10 rows. */
function FleetTable<T extends object>({ testId, rowKey, loading, columns, rows, emptyText }: FleetTableProps<T>) {
  // Beside the user tree the table has room for its pinned columns only on wide screens.
  const shown = usePinnedColumns(columns, 'xl');
  return (
    <Table<T>
      data-testid={testId}
      rowKey={rowKey}
      size="small"
      bordered
      loading={loading}
      columns={shown}
      dataSource={rows}
      locale={{ emptyText: <EmptyState text={emptyText} testId={`${testId}-empty`} /> }}
      pagination={tablePagination(rows.length)}
      scroll={{ x: 'max-content' }}
    />
  );
}
