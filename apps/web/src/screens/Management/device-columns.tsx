import type { ManagedDevice } from '@jejak/contract';
import { Button, Tag, type TableColumnsType } from 'antd';
import type { Strings } from '../../i18n/en.ts';
import { packageText } from '../../ui/format.ts';
import { editColumn } from '../../ui/table/edit-column.tsx';
import { coordinatesText, formatFixed, formatTime, mapsLink } from './management-format.ts';

type Labels = Strings['management'];

function Switch({ on, labels }: { on: boolean | null; labels: [string, string] }) {
  if (on === null) return <span>-</span>;
  return <Tag color={on ? 'green' : 'default'}>{on ? labels[0] : labels[1]}</Tag>;
}

/** Every column of the Devices tab (spec 2 §2); speed and fuel 2 decimals, coordinates 7 (§9). */
export function deviceColumns(
  s: Labels,
  codes: Strings['codes'],
  onEdit: (device: ManagedDevice) => void,
  /** A device that never reported offers its set-up (issue 26 item 4). */
  setup?: { label: string; never: string; open: (device: ManagedDevice) => void },
): TableColumnsType<ManagedDevice> {
  const c = s.deviceColumns;
  return [
    { title: c.deviceId, key: 'dvid', fixed: 'left', render: (_, d) => <strong>{d.dvid}</strong> },
    { title: c.sim, key: 'sim', render: (_, d) => d.simCard || '-' },
    {
      title: c.vehicle,
      key: 'vehicle',
      render: (_, d) => (d.vehiclePlate ? `${d.vehiclePlate} (${d.vehicleDisplayName ?? ''})` : '-'),
    },
    { title: c.acc, key: 'acc', render: (_, d) => <Switch on={d.engineStatus} labels={[s.on, s.off]} /> },
    {
      title: c.gps,
      key: 'gps',
      render: (_, d) => <Switch on={d.gpsStatus} labels={[s.available, s.unavailable]} />,
    },
    { title: c.speed, key: 'speed', align: 'right', render: (_, d) => formatFixed(d.speed, 2) },
    { title: c.fuel, key: 'fuel', align: 'right', render: (_, d) => formatFixed(d.fuel, 2) },
    {
      title: c.location,
      key: 'location',
      render: (_, d) =>
        d.location ? (
          <a href={mapsLink(d.location)} target="_blank" rel="noreferrer" data-testid="device-location">
            {coordinatesText(d.location)}
          </a>
        ) : (
          '-'
        ),
    },
    { title: c.package, key: 'package', render: (_, d) => packageText(codes, d.package) },
    {
      title: c.deviceTime,
      key: 'deviceTime',
      render: (_, d) => <span data-testid="device-time">{formatTime(d.deviceTime)}</span>,
    },
    {
      title: c.serverTime,
      key: 'serverTime',
      render: (_, d) =>
        d.updatedAt === null && setup ? (
          <span className="device-never-reported">
            {setup.never}{' '}
            <Button size="small" type="link" data-testid={`setup-${d.dvid}`} onClick={() => setup.open(d)}>
              {setup.label}
            </Button>
          </span>
        ) : (
          formatTime(d.updatedAt)
        ),
    },
    { title: c.created, key: 'created', render: (_, d) => formatTime(d.createdAt) },
    editColumn({ title: c.action, edit: s.edit, name: (d) => d.dvid, id: (d) => d.dvid, onEdit }),
  ];
}
