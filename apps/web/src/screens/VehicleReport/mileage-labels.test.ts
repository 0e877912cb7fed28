import { reportTable, type MileageReportRow } from '@jejak/contract';
import { describe, expect, it } from 'vitest';
import { stringsFor } from '../../i18n/strings.ts';
import { localizeMileage } from './mileage-labels.ts';

const row: MileageReportRow = {
  vid: 'v1',
  startTime: 0,
  endTime: 3_600_000,
  numberOfTrips: 2,
  mileage: 12,
  totalMileage: 12,
  engineDuration: 1_800_000,
  movingDuration: 1_200_000,
  idlingDuration: 600_000,
  parkingDuration: 1_800_000,
  disconnectedDuration: 0,
  topSpeed: 70,
  underWay: true,
};
const options = {
  timeZone: 'Asia/Kuala_Lumpur',
  litresPerKm: 0.1,
  rmPerLitre: 2,
  fuelPriceRm: 2,
  geofenceMinMinutes: 0,
  vehicleName: (id: string) => id,
};

describe('localizeMileage', () => {
  it.each([
    ['en', 'hms', ['Trips', 'Total Mileage (km)', 'Engine'], 'Under way'],
    ['ms', 'hms', ['Perjalanan', 'Jumlah Jarak (km)', 'Enjin'], 'Sedang berlangsung'],
    ['ms', 'decimal', ['Perjalanan', 'Jumlah Jarak (km)', 'Enjin (jam)'], 'Sedang berlangsung'],
  ] as const)('%s, %s: the spec fields in the language, the row under way marked', (locale, format, labels, mark) => {
    const s = stringsFor(locale).reports;
    const table = localizeMileage(
      reportTable({ kind: 'mileage', rows: [row] }, { ...options, durationFormat: format }),
      s,
      format,
    );
    expect(table.columns.slice(3, 6).map((c) => c.label)).toEqual(labels);
    expect(table.rows[0]).toMatchObject({ trips: 2, mileage: 12, status: mark });
  });
});
