import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { ManagedDevice } from '@jejak/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, Space, Table } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../api/error-text.ts';
import { managedDeviceKeys, useManagedDevices } from '../../api/fleet/management-devices.ts';
import { useStrings } from '../../i18n/strings.ts';
import { showToast } from '../../ui/feedback/notifier.ts';
import { containsText, tablePagination } from '../../ui/table/table.ts';
import { BulkUploadDialog } from '../../ui/bulk/BulkUploadDialog.tsx';
import { deviceColumns } from './device-columns.tsx';
import { useLiveDeviceRows } from './use-live-device-rows.ts';
import { UnknownTrackers } from './unknown/UnknownTrackers.tsx';
import { usePinnedColumns } from '../../ui/table/use-pinned-columns.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { emptyListText } from '../../ui/empty-text.ts';

const searchText = (d: ManagedDevice) =>
  [d.dvid, d.simCard, d.vehiclePlate ?? '', d.vehicleDisplayName ?? '', d.userName].join('\n');

/**
 * The Devices tab (spec 2 §2): every device the user reaches, its readings kept live. A device
 * that never reported offers its set-up; those who register devices also see the trackers that
 * connected unregistered (issue 26 item 4).
 */
export function DevicesTab({ uid, registers }: { uid: string; registers: boolean }) {
  const strings = useStrings();
  const s = strings.management;
  const o = strings.onboarding.setup;
  const codes = strings.codes;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const devices = useManagedDevices(uid);
  const live = useLiveDeviceRows(devices.data);
  const [query, setQuery] = useState('');
  const [bulkOpen, setBulkOpen] = useState(false);

  useEffect(() => {
    if (devices.error) showToast('error', errorText(devices.error));
  }, [devices.error]);

  const rows = useMemo(() => live.filter((d) => containsText(searchText(d), query)), [live, query]);
  const columns = useMemo(
    () =>
      deviceColumns(
        s,
        codes,
        (device) =>
          void navigate(`/Management/Device/Edit/${encodeURIComponent(device.dvid)}`, {
            state: { device, targetUser: { uid: device.uid, userName: device.userName } },
          }),
        registers
          ? {
              label: o.action,
              never: o.neverReported,
              open: (device) =>
                void navigate(`/Management/Device/Setup/${encodeURIComponent(device.dvid)}`, {
                  state: { uid: device.uid },
                }),
            }
          : undefined,
      ),
    [s, o, codes, navigate, registers],
  );
  const pinned = usePinnedColumns(columns);

  return (
    <>
      <div className="management-toolbar">
        <Input.Search
          allowClear
          className="management-search"
          placeholder={s.searchDevices}
          aria-label={s.searchDevices}
          data-testid="device-search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <Space wrap>
          <Button icon={<UploadOutlined />} onClick={() => setBulkOpen(true)}>
            {s.bulkAddDevice}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/Management/Device/Add')}>
            {s.addDevice}
          </Button>
        </Space>
      </div>
      <Table<ManagedDevice>
        data-testid="device-table"
        rowKey="dvid"
        size="small"
        loading={devices.isPending}
        columns={pinned}
        dataSource={rows}
        locale={{
          emptyText: (
            <EmptyState
              text={emptyListText(live.length, { none: strings.empty.devices, noMatch: strings.empty.noMatch })}
              testId="devices-empty"
            />
          ),
        }}
        pagination={tablePagination(rows.length)}
        scroll={{ x: 'max-content' }}
      />
      {registers && <UnknownTrackers />}
      <BulkUploadDialog
        kind="device"
        open={bulkOpen}
        uid={uid}
        onClose={() => setBulkOpen(false)}
        onUploaded={() => void queryClient.invalidateQueries({ queryKey: managedDeviceKeys.all })}
      />
    </>
  );
}
