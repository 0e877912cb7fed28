import {
  INSPECTOR_TEXTS,
  LOG_PAGE_LIMIT,
  VEHICLE_INSPECTOR_COLUMNS,
  vehicleInspectorRows,
  type VehicleInspectorRow,
  type VehicleLog,
} from '@jejak/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Card, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { accountKeys, fetchUserVehicles } from '../../api/accounts/accounts.ts';
import { downloadVehicleLogs, fetchVehicleLogs } from '../../api/history/inspectors.ts';
import { useSessionUser } from '../../store/session.ts';
import { useStrings } from '../../i18n/strings.ts';
import { todayWindow } from '../../ui/alerts/today-window.ts';
import { consoleTimeZone } from '../../ui/format.ts';
import { InspectorTable } from '../../ui/inspector/InspectorTable.tsx';
import { InspectorToolbar } from '../../ui/inspector/InspectorToolbar.tsx';
import { useInspectorLookup } from '../../ui/inspector/use-inspector-lookup.ts';
import { showToast } from '../../ui/feedback/notifier.ts';
import { stateVehicle, vehicleOptions } from './vehicle-options.ts';
import '../../ui/inspector/inspector.css';

interface Query {
  vid: string;
  startMs: number;
  endMs: number;
}

const fetchLogs = (q: Query) => fetchVehicleLogs(q.vid, q.startMs, q.endMs);

/**
 * /VehicleInspector/{uid} (spec 3 §2, §8, §9): one of the user's vehicles (the route state's
 * preselected), a window (today by default), Submit or Export; every log, 25 a page.
 */
export function VehicleInspectorScreen() {
  const s = useStrings().inspectors;
  const me = useSessionUser();
  const uid = useParams().uid ?? me.uid;
  const opened = stateVehicle(useLocation().state);
  const vehicles = useQuery({ queryKey: accountKeys.vehicles(uid), queryFn: () => fetchUserVehicles(uid) });
  const options = useMemo(() => vehicleOptions(vehicles.data ?? [], opened), [vehicles.data, opened]);
  const [vid, setVid] = useState<string | undefined>(opened?.vid);
  const [range, setRange] = useState(() => todayWindow(Date.now()));
  const lookup = useInspectorLookup<Query, VehicleLog>(fetchLogs, INSPECTOR_TEXTS.noVehicleLogs);

  const all = lookup.result?.logs;
  const rows = useMemo(() => vehicleInspectorRows(all ?? [], consoleTimeZone()), [all]);
  const exporting = useMutation({
    mutationFn: downloadVehicleLogs,
    onError: () => showToast('error', s.exportError),
  });

  return (
    <div className="screen-padded">
      <Card title={<Typography.Title level={4}>{s.vehicleTitle}</Typography.Title>} data-testid="vehicle-inspector">
        <InspectorToolbar
          kind="vehicle"
          options={options}
          optionsLoading={vehicles.isPending}
          value={vid}
          onChange={setVid}
          window={range}
          onWindow={setRange}
          submitting={lookup.loading}
          onSubmit={() => vid && lookup.submit({ vid, ...range })}
          canExport={vid !== undefined}
          exporting={exporting.isPending}
          onExport={() =>
            vid &&
            exporting.mutate({ vid, startTime: range.startMs, endTime: range.endMs, timeZone: consoleTimeZone() })
          }
        />
        {lookup.result && (
          <div className="inspector-note">
            <Typography.Text type="secondary" data-testid="inspector-count">
              {s.rows(rows.length, rows.length)}
            </Typography.Text>
          </div>
        )}
        {lookup.result?.truncated && (
          <Alert className="inspector-note" type="warning" showIcon message={s.truncated(LOG_PAGE_LIMIT)} />
        )}
        <InspectorTable<VehicleInspectorRow>
          testId="vehicle-log-table"
          columns={VEHICLE_INSPECTOR_COLUMNS}
          rows={rows}
          looked={lookup.result !== null}
          loading={lookup.loading}
          wrapKeys={['address']}
        />
      </Card>
    </div>
  );
}
