import { DEVICE_MODEL_LABELS, type DeviceModel } from '@jejak/contract';
import type { Device } from '@jejak/domain';
import { InfoCircleOutlined } from '@ant-design/icons';
import { Button, Descriptions, Popover } from 'antd';
import { useStrings } from '../../i18n/strings.ts';
import { formatDateTime, packageText } from '../../ui/format.ts';

const modelLabel = (model: string) =>
  model in DEVICE_MODEL_LABELS ? DEVICE_MODEL_LABELS[model as DeviceModel] : model;

/** What the device record holds, for the info window's device details control (spec 1 §2). */
function DeviceFacts({ device }: { device: Device }) {
  const strings = useStrings();
  const d = strings.dashboard.device;
  const codes = strings.codes;
  const flag = (value: boolean | null, on: string, off: string) => (value === null ? d.unknown : value ? on : off);
  const items = [
    { key: 'dvid', label: d.dvid, children: device.dvid },
    { key: 'imei', label: d.imei, children: device.imei },
    { key: 'protocol', label: d.protocol, children: modelLabel(device.model) },
    { key: 'sim', label: d.simCard, children: device.simCard || d.unknown },
    { key: 'alive', label: d.connection, children: device.isAlive ? d.online : d.offline },
    { key: 'gps', label: d.gps, children: flag(device.gpsStatus, d.gpsFix, d.gpsNoFix) },
    { key: 'engine', label: d.engine, children: flag(device.engineStatus, d.on, d.off) },
    { key: 'fix', label: d.lastFix, children: formatDateTime(device.deviceTime) },
    {
      key: 'record',
      label: d.lastRecord,
      children: device.lastRecordAt
        ? `${device.lastPackage ? packageText(codes, device.lastPackage) : ''} ${formatDateTime(device.lastRecordAt)}`.trim()
        : d.unknown,
    },
  ];
  return (
    <Descriptions
      column={1}
      size="small"
      items={items}
      className="vehicle-device-details"
      data-testid="vehicle-device-details"
    />
  );
}

/** The device details control: a popover with the vehicle's tracker. */
export function DeviceDetails({ device }: { device: Device | undefined }) {
  const s = useStrings().dashboard;
  return (
    <Popover trigger="click" title={s.info.device} content={device ? <DeviceFacts device={device} /> : s.device.none}>
      <Button size="small" icon={<InfoCircleOutlined />} data-testid="vehicle-info-device">
        {s.info.device}
      </Button>
    </Popover>
  );
}
