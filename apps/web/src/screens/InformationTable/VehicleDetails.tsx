import { NO_DEVICE, displayStatus } from '@jejak/domain';
import { Descriptions, Drawer } from 'antd';
import { useStrings } from '../../i18n/strings.ts';
import { useLiveDevice, useLiveVehicle } from '../../store/use-live.ts';
import { formatDateTime } from '../../ui/format.ts';
import { positionText } from './info-rows.ts';
import { DayNightTag } from '../../ui/fleet/DayNightTag.tsx';
import { TransitStatusTag } from '../../ui/fleet/TransitStatusTag.tsx';

/** Phones get the drawer at their width less a margin; wider screens the usual 378 px. */
const DRAWER_WIDTH = 'min(378px, calc(100vw - 24px))';

/** The Details column's drawer: what the vehicle's record holds, kept live. */
export function VehicleDetails({ vid, onClose }: { vid: string | null; onClose: () => void }) {
  const s = useStrings().infoTable;
  const vehicle = useLiveVehicle(vid ?? '');
  const device = useLiveDevice(vehicle && vehicle.dvid !== NO_DEVICE ? vehicle.dvid : undefined);
  const d = s.drawer;
  const items = vehicle
    ? [
        { key: 'plate', label: d.plate, children: vehicle.vehiclePlate },
        { key: 'name', label: d.displayName, children: vehicle.vehicleDisplayName || '-' },
        { key: 'type', label: d.type, children: vehicle.vehicleType || '-' },
        { key: 'model', label: d.model, children: vehicle.vehicleModel || '-' },
        { key: 'device', label: d.device, children: vehicle.dvid === NO_DEVICE ? d.noDevice : vehicle.dvid },
        { key: 'sim', label: d.simCard, children: device?.simCard || '-' },
        { key: 'odometer', label: d.odometer, children: vehicle.mileage.toFixed(1) },
        {
          key: 'status',
          label: d.status,
          children: <TransitStatusTag status={displayStatus(vehicle.transitStatus)} />,
        },
        { key: 'position', label: d.position, children: positionText(device?.location ?? null) },
        {
          key: 'updated',
          label: d.lastUpdated,
          children: (
            <>
              {formatDateTime(vehicle.updatedAt ?? device?.deviceTime)}
              <DayNightTag ms={vehicle.updatedAt ?? device?.deviceTime} />
            </>
          ),
        },
        { key: 'created', label: d.createdAt, children: formatDateTime(vehicle.createdAt) },
      ]
    : [];
  return (
    <Drawer
      open={vid !== null && vehicle !== undefined}
      onClose={onClose}
      title={vehicle ? vehicle.vehicleDisplayName || vehicle.vehiclePlate : ''}
      size={DRAWER_WIDTH}
      data-testid="info-details"
    >
      <Descriptions column={1} size="small" bordered items={items} />
    </Drawer>
  );
}
