import type { FuelRecord } from '@jejak/contract';
import type { FuelTank } from '@jejak/domain';
import { Button, Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useStrings } from '../../i18n/strings.ts';
import { formatAdminDateTime, tankText } from '../../ui/format.ts';
import { changeRows, litresPer100Km, summaryRows, type ChangeRow } from './fuel-tables.ts';
import type { Place } from './PlaceModal.tsx';

interface TankPanelProps {
  record: FuelRecord;
  /** The tank's settings from the vehicle's profile. */
  tank: FuelTank | undefined;
  priceRm: number;
  onPlace: (place: Place) => void;
  chart: ReactNode;
}

const money = (rm: number) => rm.toFixed(2);

/** One tank: its settings, the chart, and the summary, refuel and loss tables. */
export function TankPanel({ record, tank, priceRm, onPlace, chart }: TankPanelProps) {
  const strings = useStrings();
  const s = strings.fuel;
  const f = strings.fleetForms;
  const changeColumns = [
    { title: s.time, dataIndex: 'time', key: 'time', render: (t: number) => formatAdminDateTime(t) },
    { title: s.litres, dataIndex: 'litres', key: 'litres', render: (l: number) => l.toFixed(2) },
    { title: s.cost, dataIndex: 'cost', key: 'cost', render: money },
    {
      title: s.place,
      key: 'place',
      render: (_: unknown, row: ChangeRow) =>
        row.location ? (
          <Button
            type="link"
            size="small"
            onClick={() =>
              row.location && onPlace({ ...row.location, title: s.placeTitle(formatAdminDateTime(row.time)) })
            }
          >
            {s.showPlace}
          </Button>
        ) : (
          '-'
        ),
    },
  ];
  const c = record.fuelConsumption;
  const per100 = litresPer100Km(record);
  const summary = [
    ...summaryRows(record, priceRm).map((r) => ({ item: s[r.key], litres: r.litres.toFixed(2), cost: money(r.cost) })),
    { item: s.distance, litres: c.totalMovingDistance.toFixed(2), cost: '' },
    { item: s.per100Km, litres: per100 === null ? '-' : per100.toFixed(2), cost: '' },
  ];
  return (
    <section className="fuel-tank" data-testid={`fuel-tank-${record.tank}`}>
      <Typography.Title level={5}>{s.tankInfo}</Typography.Title>
      <Table
        size="small"
        pagination={false}
        rowKey="tank"
        data-testid="fuel-tank-info"
        scroll={{ x: true }}
        dataSource={[
          {
            ...tank,
            tank: tankText(strings.codes, record.tank),
            capacity: record.capacity,
            // The operator and the sensor in words, not the profile's codes ('V', 'dipstick').
            fuelLevelOperator: tank?.fuelLevelOperator ? f.operatorLabels[tank.fuelLevelOperator] : '-',
            fuelSensorType: tank?.fuelSensorType ? f.sensorLabels[tank.fuelSensorType] : '-',
          },
        ]}
        columns={[
          { title: s.tank, dataIndex: 'tank' },
          { title: s.capacity, dataIndex: 'capacity' },
          { title: s.levelMin, dataIndex: 'fuelLevelMin' },
          { title: s.levelMax, dataIndex: 'fuelLevelMax' },
          { title: s.operator, dataIndex: 'fuelLevelOperator' },
          { title: s.sensorType, dataIndex: 'fuelSensorType' },
        ]}
      />
      <Typography.Title level={5}>{s.chart}</Typography.Title>
      {chart}
      <Typography.Title level={5}>{s.summary}</Typography.Title>
      <Table
        size="small"
        pagination={false}
        rowKey="item"
        data-testid="fuel-summary"
        dataSource={summary}
        columns={[
          { title: s.item, dataIndex: 'item' },
          { title: s.litres, dataIndex: 'litres' },
          { title: s.cost, dataIndex: 'cost' },
        ]}
      />
      <Typography.Title level={5}>{s.refuels}</Typography.Title>
      <Table
        size="small"
        pagination={false}
        data-testid="fuel-refuels"
        dataSource={changeRows(record.refuels, priceRm)}
        columns={changeColumns}
      />
      <Typography.Title level={5}>{s.losses}</Typography.Title>
      <Table
        size="small"
        pagination={false}
        data-testid="fuel-losses"
        dataSource={changeRows(record.fuelThefts, priceRm)}
        columns={changeColumns}
      />
    </section>
  );
}
