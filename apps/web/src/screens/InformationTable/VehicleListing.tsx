import { InfoCircleOutlined } from '@ant-design/icons';
import { Button, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useStrings } from '../../i18n/strings.ts';
import { formatDateTime, formatDuration, formatSpeedKmh } from '../../ui/format.ts';
import { searchableColumn } from '../../ui/table/searchable-column.tsx';
import { useNow } from '../../ui/use-now.ts';
import { STATUS_FILTERS, compareDuration, compareSpeed, type VehicleRow } from './info-rows.ts';
import { LocationCell } from './LocationCell.tsx';
import { TransitStatusTag } from '../../ui/fleet/TransitStatusTag.tsx';
import { VehicleDetails } from './VehicleDetails.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';

/**
 * Column widths: fixed, as a virtual table needs them; their sum is the sideways scroll width.
 * It fits the card at 1440 px beside the sidebar, so Location and Last Updated are in view there
 * (issue 25, defect 4); on a wider screen the columns share the room, on a narrower one it scrolls.
 */
const W = {
  details: 76,
  name: 146,
  plate: 96,
  // DISCONNECTED, the widest status tag.
  status: 128,
  // The header beside its sorter, and '29 mins 1 secs', whole.
  duration: 124,
  // Wide enough for the Malay header (Kelajuan) beside its sorter without breaking the word.
  speed: 108,
  // '[Tank 1] no reading' on one line in English.
  fuel: 160,
  location: 140,
  // YYYY/MM/DD HH:mm:ss on one line.
  updated: 162,
};
const SCROLL_X = Object.values(W).reduce((a, b) => a + b, 0);
/** The virtual list's height; ten rows of a page fit without scrolling. */
const SCROLL_Y = 520;
const PAGE_SIZE = 10;

interface VehicleListingProps {
  rows: readonly VehicleRow[];
  colourOf: (geoid: string) => string;
}

/**
 * The Vehicle Listing tab: every vehicle the user reaches, live, virtualised so a fleet of
 * thousands scrolls smoothly; the pager shows only above ten rows.
 */
export function VehicleListing({ rows, colourOf }: VehicleListingProps) {
  const s = useStrings().infoTable;
  const empty = useStrings().empty;
  const now = useNow(1_000);
  const [detailsVid, setDetailsVid] = useState<string | null>(null);
  const labels = useMemo(() => ({ search: s.search, reset: s.reset }), [s]);

  const columns = useMemo<TableColumnsType<VehicleRow>>(
    () => [
      {
        key: 'details',
        title: s.details,
        width: W.details,
        render: (_, r) => (
          <Button
            type="text"
            icon={<InfoCircleOutlined />}
            aria-label={s.showDetails(r.name)}
            onClick={() => setDetailsVid(r.vid)}
            data-testid="info-details-open"
          />
        ),
      },
      {
        key: 'name',
        title: s.vehicleName,
        width: W.name,
        dataIndex: 'name',
        ...searchableColumn((r) => r.name, labels),
      },
      {
        key: 'plate',
        title: s.vehiclePlate,
        width: W.plate,
        dataIndex: 'plate',
        ...searchableColumn((r) => r.plate, labels),
      },
      {
        key: 'status',
        title: s.status,
        width: W.status,
        filters: STATUS_FILTERS,
        onFilter: (value, r) => r.status === value,
        render: (_, r) => <TransitStatusTag status={r.status} />,
      },
      {
        key: 'duration',
        title: s.duration,
        width: W.duration,
        sorter: compareDuration,
        render: (_, r) => (r.statusSinceMs === null ? '-' : formatDuration(now - r.statusSinceMs)),
      },
      {
        key: 'speed',
        title: s.speed,
        width: W.speed,
        sorter: compareSpeed,
        render: (_, r) => <span data-testid="info-speed">{formatSpeedKmh(r.speedKmh)}</span>,
      },
      // Several tanks wrap onto more lines: every reading stays in view.
      { key: 'fuel', title: s.fuel, width: W.fuel, dataIndex: 'fuelText' },
      {
        key: 'location',
        title: s.location,
        width: W.location,
        // One line a row, as the virtual list's height expects; the full address is the cell's title.
        ellipsis: true,
        ...searchableColumn((r) => r.locationText, labels),
        render: (_, r) => <LocationCell row={r} colourOf={colourOf} linkLabel={s.openMap} />,
      },
      {
        key: 'updated',
        title: s.lastUpdated,
        width: W.updated,
        render: (_, r) => <span data-testid="info-updated">{formatDateTime(r.updatedAt)}</span>,
      },
    ],
    [s, labels, now, colourOf],
  );

  return (
    <>
      <Table<VehicleRow>
        data-testid="info-vehicles"
        virtual
        size="small"
        rowKey="vid"
        columns={columns}
        dataSource={rows}
        locale={{ emptyText: <EmptyState text={empty.vehiclesElsewhere} testId="info-vehicles-empty" /> }}
        pagination={{ pageSize: PAGE_SIZE, showSizeChanger: false, hideOnSinglePage: true }}
        scroll={{ x: SCROLL_X, y: SCROLL_Y }}
      />
      <VehicleDetails vid={detailsVid} onClose={() => setDetailsVid(null)} />
    </>
  );
}
