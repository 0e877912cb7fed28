import {
  DEVICE_INSPECTOR_COLUMNS,
  DEVICE_PACKAGES,
  deviceInspectorRows,
  filterDeviceLogs,
  INSPECTOR_TEXTS,
  LOG_PAGE_LIMIT,
  type DeviceInspectorRow,
  type DeviceLog,
  type DevicePackage,
} from '@jejak/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Card, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { accountKeys, fetchUserDevices } from '../../api/accounts/accounts.ts';
import { downloadDeviceLogs, fetchDeviceLogs } from '../../api/history/inspectors.ts';
import { useSessionUser } from '../../store/session.ts';
import { useStrings } from '../../i18n/strings.ts';
import { todayWindow } from '../../ui/alerts/today-window.ts';
import { consoleTimeZone, packageWithCode } from '../../ui/format.ts';
import { InspectorTable } from '../../ui/inspector/InspectorTable.tsx';
import { InspectorToolbar } from '../../ui/inspector/InspectorToolbar.tsx';
import { useInspectorLookup } from '../../ui/inspector/use-inspector-lookup.ts';
import { showToast } from '../../ui/feedback/notifier.ts';
import { deviceOptions, stateDvid } from './device-options.ts';
import '../../ui/inspector/inspector.css';

interface Query {
  dvid: string;
  startMs: number;
  endMs: number;
}

const fetchLogs = (q: Query) => fetchDeviceLogs(q.dvid, q.startMs, q.endMs);

/**
 * /DeviceInspector/{uid} (spec 3 §2, §8, §9): one of the user's devices (the route state's
 * preselected), a window (today by default), Submit; every log with the package filter, 25 a
 * page; Export saves the filtered rows as .xlsx.
 */
export function DeviceInspectorScreen() {
  const strings = useStrings();
  const s = strings.inspectors;
  const codes = strings.codes;
  const me = useSessionUser();
  const uid = useParams().uid ?? me.uid;
  const opened = stateDvid(useLocation().state);
  const devices = useQuery({ queryKey: accountKeys.devices(uid), queryFn: () => fetchUserDevices(uid) });
  const options = useMemo(() => deviceOptions(devices.data ?? [], opened), [devices.data, opened]);
  const [dvid, setDvid] = useState<string | undefined>(opened);
  const [range, setRange] = useState(() => todayWindow(Date.now()));
  const [packages, setPackages] = useState<DevicePackage[]>([]);
  const lookup = useInspectorLookup<Query, DeviceLog>(fetchLogs, INSPECTOR_TEXTS.noDeviceLogs);

  const all = lookup.result?.logs ?? [];
  const rows = useMemo(() => deviceInspectorRows(filterDeviceLogs(all, packages), consoleTimeZone()), [all, packages]);
  const exporting = useMutation({
    mutationFn: downloadDeviceLogs,
    onError: () => showToast('error', s.exportError),
  });

  return (
    <div className="screen-padded">
      <Card title={<Typography.Title level={4}>{s.deviceTitle}</Typography.Title>} data-testid="device-inspector">
        <InspectorToolbar
          kind="device"
          options={options}
          optionsLoading={devices.isPending}
          value={dvid}
          onChange={setDvid}
          window={range}
          onWindow={setRange}
          submitting={lookup.loading}
          onSubmit={() => dvid && lookup.submit({ dvid, ...range })}
          canExport={dvid !== undefined}
          exporting={exporting.isPending}
          onExport={() =>
            dvid &&
            exporting.mutate({
              dvid,
              startTime: range.startMs,
              endTime: range.endMs,
              packages,
              timeZone: consoleTimeZone(),
            })
          }
        >
          <label className="inspector-field inspector-packages">
            <span>{s.packages}</span>
            <Select
              id="inspector-packages"
              mode="multiple"
              allowClear
              placeholder={s.allPackages}
              value={packages}
              onChange={setPackages}
              options={DEVICE_PACKAGES.map((p) => ({ value: p, label: packageWithCode(codes, p) }))}
            />
          </label>
        </InspectorToolbar>
        {lookup.result && (
          <div className="inspector-note">
            <Typography.Text type="secondary" data-testid="inspector-count">
              {s.rows(rows.length, all.length)}
            </Typography.Text>
          </div>
        )}
        {lookup.result?.truncated && (
          <Alert className="inspector-note" type="warning" showIcon message={s.truncated(LOG_PAGE_LIMIT)} />
        )}
        <InspectorTable<DeviceInspectorRow>
          testId="device-log-table"
          columns={DEVICE_INSPECTOR_COLUMNS}
          rows={rows}
          looked={lookup.result !== null}
          loading={lookup.loading}
          wrapKeys={['extra']}
          renderCell={(key, row) => {
            if (key === 'devicePackage') return packageWithCode(codes, String(row.devicePackage ?? ''));
            return key === 'location' && row.mapUrl ? (
              <a href={row.mapUrl} target="_blank" rel="noopener noreferrer" title={s.openMap}>
                {row.location}
              </a>
            ) : undefined;
          }}
        />
      </Card>
    </div>
  );
}
