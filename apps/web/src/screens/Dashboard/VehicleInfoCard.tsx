import { CloseOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { displayStatus } from '@jejak/domain';
import { Button, Card, Descriptions, Tag, Typography } from 'antd';
import { statusColour } from '../../map/layers/vehicles/vehicle-features.ts';
import { useLiveDevice, useLiveVehicle } from '../../store/use-live.ts';
import { useStrings } from '../../i18n/strings.ts';
import { textColourOn } from '../../ui/colour.ts';
import { formatDateTime, formatSpeedKmh, statusDurationText } from '../../ui/format.ts';
import { useNow } from '../../ui/use-now.ts';
import { DayNightTag } from '../../ui/fleet/DayNightTag.tsx';
import { CommandsButton } from './commands/CommandsButton.tsx';
import { ShareButton } from './share/ShareButton.tsx';
import { DeviceDetails } from './DeviceDetails.tsx';
import { GeofenceBadges } from './GeofenceBadges.tsx';
import { VehicleAddress } from './VehicleAddress.tsx';
import { VehicleLinks } from './VehicleLinks.tsx';

interface VehicleInfoCardProps {
  vid: string;
  onClose: () => void;
  /** Beside Close: whether the map follows the vehicle (the dashboard's follow toggle). */
  follow?: ReactNode;
}

/**
 * The selected vehicle's info window (spec 1 §2): name, status duration, last update with its
 * Day/Night label (spec 1 §4), the geofences it is in (a POI or Zone badge each), speed when
 * moving, its address with a refresh control, the device details control and the links.
 */
export function VehicleInfoCard({ vid, onClose, follow }: VehicleInfoCardProps) {
  const strings = useStrings();
  const vehicle = useLiveVehicle(vid);
  const device = useLiveDevice(vehicle?.dvid);
  const now = useNow(1_000);
  if (!vehicle) return null;

  const status = displayStatus(vehicle.transitStatus);
  const colour = statusColour(status);
  const updatedAt = vehicle.updatedAt ?? device?.deviceTime;
  const items = [
    {
      key: 'status',
      label: strings.vehicle.status,
      children: (
        <span data-testid="vehicle-info-status">
          <Tag color={colour} variant="solid" style={{ color: textColourOn(colour), marginInlineEnd: 8 }}>
            {status}
          </Tag>
          {statusDurationText(vehicle, now)}
        </span>
      ),
    },
    {
      key: 'updated',
      label: strings.vehicle.lastUpdated,
      children: (
        <span>
          <span data-testid="vehicle-info-updated">{formatDateTime(updatedAt)}</span>
          <DayNightTag ms={updatedAt} />
        </span>
      ),
    },
  ];
  const inside = Object.entries(vehicle.geofenceProfile ?? {}).filter(([, flag]) => flag === 1);
  if (inside.length > 0) {
    items.push({
      key: 'geofence',
      label: strings.vehicle.geofence,
      children: <GeofenceBadges geoids={inside.map(([geoid]) => geoid)} />,
    });
  }
  if (status === 'MOVING') {
    items.push({
      key: 'speed',
      label: strings.vehicle.speed,
      children: <span data-testid="vehicle-info-speed">{formatSpeedKmh(device?.speed)}</span>,
    });
  }
  if (device?.gpsStatus === false) {
    const since = device.noGPSAt ?? null;
    items.push({
      key: 'gps',
      label: strings.dashboard.info.noGps,
      children: (
        <span data-testid="vehicle-info-no-gps">
          {since === null ? '-' : `${strings.dashboard.info.since} ${formatDateTime(since)}`}
        </span>
      ),
    });
  }
  const location = device?.location ?? null;
  items.push({
    key: 'address',
    label: strings.dashboard.info.address,
    children: <VehicleAddress key={vid} vid={vid} location={location} />,
  });

  return (
    <Card
      size="small"
      className="vehicle-info"
      data-testid="vehicle-info"
      title={
        <div className="vehicle-info-title">
          <span data-testid="vehicle-info-name">{vehicle.vehicleDisplayName || vehicle.vehiclePlate}</span>
          {vehicle.vehicleDisplayName && (
            <Typography.Text type="secondary" className="vehicle-info-plate">
              {vehicle.vehiclePlate}
            </Typography.Text>
          )}
        </div>
      }
      extra={
        <span className="vehicle-info-extra">
          {follow}
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label={strings.vehicle.close}
            onClick={onClose}
          />
        </span>
      }
    >
      <Descriptions column={1} size="small" items={items} />
      <div className="vehicle-info-actions">
        <DeviceDetails device={device} />
        <CommandsButton vid={vid} name={vehicle.vehicleDisplayName || vehicle.vehiclePlate} />
        <ShareButton vid={vid} name={vehicle.vehicleDisplayName || vehicle.vehiclePlate} />
      </div>
      <VehicleLinks vid={vid} location={location} nowMs={now} />
    </Card>
  );
}
