import { ENGINE_ON_CHART_VALUE, type FuelAnalysisChange, type FuelChartLog, type FuelRecord } from '@jejak/contract';
import { TRANSIT_STATUSES, type TransitStatus } from '@jejak/domain';

const round2 = (n: number) => Math.round(n * 100) / 100;

export interface SummaryRow {
  key: 'moving' | 'idling' | 'parking' | 'total';
  litres: number;
  cost: number;
}

/** Litres used moving, idling and parking and their cost at the price (RM per litre). */
export function summaryRows(record: FuelRecord, priceRm: number): SummaryRow[] {
  const c = record.fuelConsumption;
  const rows = [
    { key: 'moving' as const, litres: c.movingFuelConsumption },
    { key: 'idling' as const, litres: c.idlingFuelConsumption },
    { key: 'parking' as const, litres: c.parkingFuelConsumption },
  ];
  const total = rows.reduce((a, r) => a + r.litres, 0);
  return [...rows, { key: 'total' as const, litres: total }].map((r) => ({
    ...r,
    litres: round2(r.litres),
    cost: round2(r.litres * priceRm),
  }));
}

/** Litres per 100 km of the litres burnt moving and idling over the distance; null without distance. */
export function litresPer100Km(record: FuelRecord): number | null {
  const c = record.fuelConsumption;
  if (c.totalMovingDistance <= 0) return null;
  return round2(((c.movingFuelConsumption + c.idlingFuelConsumption) / c.totalMovingDistance) * 100);
}

export interface ChangeRow {
  key: number;
  time: number;
  litres: number;
  cost: number;
  location: FuelAnalysisChange['startLog']['location'];
}

/** A refuel or loss table's rows: when it began, litres, cost = litres × price. */
export function changeRows(changes: readonly FuelAnalysisChange[], priceRm: number): ChangeRow[] {
  return changes.map((c, i) => ({
    key: i,
    time: c.startLog.deviceTime,
    litres: c.litres,
    cost: round2(c.litres * priceRm),
    location: c.startLog.location,
  }));
}

/**
 * uPlot's columns: hours since the window start; speed; the fuel level once per transit status
 * (null where the vehicle was in another, so each status draws in its own colour); engine 50/0.
 */
export function chartColumns(logs: readonly FuelChartLog[], startMs: number): (number | null)[][] {
  const hours = logs.map((l) => (l.deviceTime - startMs) / 3_600_000);
  const speed = logs.map((l) => l.speed);
  const fuelOf = (status: TransitStatus) => logs.map((l) => (l.transitStatus === status ? l.fuel : null));
  const engine = logs.map((l) => (l.engineStatus === null ? null : l.engineStatus ? ENGINE_ON_CHART_VALUE : 0));
  return [hours, speed, ...TRANSIT_STATUSES.map(fuelOf), engine];
}
