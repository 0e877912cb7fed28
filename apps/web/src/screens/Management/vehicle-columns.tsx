import { VEHICLE_TYPE_LABELS, type ManagedVehicle } from '@jejak/contract';
import { PERMIT_STATUS_COLOURS, permitStatus } from '@jejak/domain';
import { Space, Tag, type TableColumnsType } from 'antd';
import type { Strings } from '../../i18n/en.ts';
import { useSpecText } from '../../i18n/strings.ts';
import { textColourOn } from '../../ui/colour.ts';
import { consoleTimeZone } from '../../ui/format.ts';
import { TransitStatusTag } from '../../ui/fleet/TransitStatusTag.tsx';
import { editColumn } from '../../ui/table/edit-column.tsx';
import { formatDay, formatFixed } from './management-format.ts';
import { groupLabel } from './vehicle-filter.ts';

type Columns = TableColumnsType<ManagedVehicle>;
type Labels = Strings['management'];
type DayField = {
  [K in keyof ManagedVehicle]: ManagedVehicle[K] extends number | null ? K : never;
}[keyof ManagedVehicle];

/** Expired red, Expiring Soon orange, In Service green, '-' without a due date (spec 2 §4). */
export function PermitStatusTag({ due, nowMs }: { due: number | null; nowMs: number }) {
  const spec = useSpecText();
  const status = permitStatus(due, nowMs, consoleTimeZone());
  if (status === '-') return <span data-testid="permit-status">-</span>;
  const colour = PERMIT_STATUS_COLOURS[status];
  return (
    <Tag color={colour} data-testid="permit-status" data-colour={colour}>
      {spec(status)}
    </Tag>
  );
}

/** A vehicle type by its label, in the console's language. */
function VehicleTypeText({ type }: { type: ManagedVehicle['vehicleType'] }) {
  const spec = useSpecText();
  const labels: Readonly<Record<string, string>> = VEHICLE_TYPE_LABELS;
  return <>{spec(labels[type] ?? type)}</>;
}

const day = (title: string, field: DayField, key: string = field): Columns[number] => ({
  title,
  key,
  render: (_, v) => formatDay(v[field]),
});
const count = (title: string, field: DayField): Columns[number] => ({
  title,
  key: field,
  align: 'right',
  render: (_, v) => formatFixed(v[field], 0),
});

/** The service columns of spec 2 §2: engine, transmission, rear axle and general service. */
function serviceColumns(s: Labels): Columns {
  const c = s.vehicleColumns;
  return [
    {
      title: c.engineService,
      children: [
        count(c.nextMileage, 'engineServiceNextMileage'),
        count(c.nextWorkingHour, 'engineServiceNextWorkingHour'),
        day(c.dueDate, 'engineServiceDueDate'),
      ],
    },
    {
      title: c.transmissionService,
      children: [count(c.nextMileage, 'transmissionServiceNextMileage'), day(c.dueDate, 'transmissionServiceDueDate')],
    },
    {
      title: c.rearAxleService,
      children: [count(c.nextMileage, 'rearAxleServiceNextMileage'), day(c.dueDate, 'rearAxleServiceDueDate')],
    },
    {
      title: c.generalService,
      children: [count(c.nextMileage, 'serviceNextMileage'), day(c.dueDate, 'serviceDueDate')],
    },
  ];
}

interface VehicleColumnOptions {
  /** Device and SIM columns: hidden from fleet owner and fleet operator (spec 2 §6). */
  showDevice: boolean;
  nowMs: number;
  /** Null for a role without the Vehicle Management grant: the Action column is not shown. */
  onEdit: ((vehicle: ManagedVehicle) => void) | null;
}

/** Every column of the Vehicles tab (spec 2 §2), in the spec's order. */
export function vehicleColumns(s: Labels, { showDevice, nowMs, onEdit }: VehicleColumnOptions): Columns {
  const c = s.vehicleColumns;
  const deviceColumns: Columns = showDevice
    ? [
        { title: c.device, key: 'device', render: (_, v) => v.dvid },
        { title: c.sim, key: 'sim', render: (_, v) => v.simCard ?? '-' },
      ]
    : [];
  return [
    { title: c.plate, key: 'plate', fixed: 'left', render: (_, v) => <strong>{v.vehiclePlate}</strong> },
    { title: c.name, key: 'name', render: (_, v) => v.vehicleDisplayName },
    {
      title: c.groups,
      key: 'groups',
      render: (_, v) => (
        <Space size={[0, 4]} wrap>
          {v.vehicleGroups.map((g) => (
            <Tag
              key={g.vgid}
              variant="solid"
              color={`#${g.colorHexCode}`}
              style={{ color: textColourOn(`#${g.colorHexCode}`), borderColor: '#d9d9d9' }}
            >
              {groupLabel(g, v.vehicleGroups)}
            </Tag>
          ))}
        </Space>
      ),
    },
    { title: c.type, key: 'type', render: (_, v) => <VehicleTypeText type={v.vehicleType} /> },
    { title: c.model, key: 'model', render: (_, v) => v.vehicleModel },
    ...deviceColumns,
    { title: c.status, key: 'status', render: (_, v) => <TransitStatusTag status={v.transitStatus} /> },
    { title: c.odometer, key: 'odometer', align: 'right', render: (_, v) => formatFixed(v.mileage, 0) },
    day(c.registered, 'createdAt', 'registered'),
    ...serviceColumns(s),
    day(c.subsStart, 'subsStartDate'),
    day(c.subsEnd, 'subsEndDate'),
    day(c.permitDue, 'permitDueDate'),
    {
      title: c.permitStatus,
      key: 'permitStatus',
      render: (_, v) => <PermitStatusTag due={v.permitDueDate} nowMs={nowMs} />,
    },
    ...(onEdit
      ? [editColumn({ title: c.action, edit: s.edit, name: (v) => v.vehiclePlate, id: (v) => v.vid, onEdit })]
      : []),
  ];
}
