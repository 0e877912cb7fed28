import { displayStatus, type Vehicle } from '@jejak/domain';
import { Table, Typography, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useSpecText, useStrings } from '../../i18n/strings.ts';
import { geofenceKind } from '../../map/layers/geofence-features.ts';
import { searchableColumn } from '../../ui/table/searchable-column.tsx';
import { GEOFENCE_TYPE_FILTERS, type GeofenceRow } from './info-rows.ts';
import { TransitStatusTag } from '../../ui/fleet/TransitStatusTag.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';

const PAGER = { pageSize: 10, showSizeChanger: false, hideOnSinglePage: true } as const;

/** An expanded geofence: the vehicles inside it, by name, plate and status. */
function VehiclesInside({ vehicles }: { vehicles: readonly Vehicle[] }) {
  const s = useStrings().infoTable;
  const empty = useStrings().empty;
  if (vehicles.length === 0) return <Typography.Text type="secondary">{s.noVehiclesInside}</Typography.Text>;
  const columns: TableColumnsType<Vehicle> = [
    { key: 'name', title: s.vehicleName, render: (_, v) => v.vehicleDisplayName || v.vehiclePlate },
    { key: 'plate', title: s.vehiclePlate, dataIndex: 'vehiclePlate' },
    { key: 'status', title: s.status, render: (_, v) => <TransitStatusTag status={displayStatus(v.transitStatus)} /> },
  ];
  return (
    <Table<Vehicle>
      data-testid="info-geofence-vehicles"
      size="small"
      rowKey="vid"
      columns={columns}
      dataSource={vehicles}
      locale={{ emptyText: <EmptyState text={empty.geofenceVehicles} /> }}
      pagination={PAGER}
    />
  );
}

/** The Geofence Summary tab: each geofence, its templates, its type and how many vehicles are inside. */
export function GeofenceSummary({ rows, loading }: { rows: readonly GeofenceRow[]; loading: boolean }) {
  const spec = useSpecText();
  const s = useStrings().infoTable;
  const columns = useMemo<TableColumnsType<GeofenceRow>>(() => {
    const labels = { search: s.search, reset: s.reset };
    return [
      { key: 'name', title: s.name, dataIndex: 'name', ...searchableColumn((r) => r.name, labels) },
      { key: 'templates', title: s.templates, dataIndex: 'templates', ...searchableColumn((r) => r.templates, labels) },
      {
        key: 'type',
        title: s.type,
        filters: GEOFENCE_TYPE_FILTERS.map((f) => ({ ...f, text: spec(f.text) })),
        onFilter: (value, r) => r.geoType === value,
        render: (_, r) => spec(geofenceKind(r.geoType)),
      },
      {
        key: 'inside',
        title: s.vehiclesInside,
        sorter: (a, b) => a.vehiclesInside.length - b.vehiclesInside.length,
        render: (_, r) => <span data-testid="info-inside-count">{r.vehiclesInside.length}</span>,
      },
    ];
  }, [s]);
  return (
    <Table<GeofenceRow>
      data-testid="info-geofences"
      size="small"
      rowKey="geoid"
      loading={loading}
      columns={columns}
      dataSource={rows}
      pagination={PAGER}
      scroll={{ x: 'max-content' }}
      expandable={{ expandedRowRender: (r) => <VehiclesInside vehicles={r.vehiclesInside} /> }}
    />
  );
}
