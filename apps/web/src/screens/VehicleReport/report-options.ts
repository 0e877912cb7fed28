import {
  DEFAULT_FUEL_PRICE_RM,
  DEFAULT_LITRES_PER_KM,
  DEFAULT_RM_PER_LITRE,
  vehicleReportName,
  type DurationFormat,
  type EventType,
  type ReportKind,
} from '@jejak/contract';
import type { Vehicle } from '@jejak/domain';

/** The form's choices (spec 3 §2). */
export interface ReportForm {
  vids: string[];
  startMs: number;
  endMs: number;
  kind: ReportKind;
}

/** The advanced filters and inputs: they change the table at once, without asking the server again. */
export interface ReportFilters {
  geofenceMinMinutes: number;
  eventType: EventType | 'ALL';
  litresPerKm: number;
  rmPerLitre: number;
  durationFormat: DurationFormat;
}

export const DEFAULT_FILTERS: ReportFilters = {
  geofenceMinMinutes: 0,
  eventType: 'ALL',
  litresPerKm: DEFAULT_LITRES_PER_KM,
  rmPerLitre: DEFAULT_RM_PER_LITRE,
  durationFormat: 'hms',
};

/** The report table's options and the export's: one place, so the file shows what the table shows. */
export function tableOptions(filters: ReportFilters) {
  return {
    durationFormat: filters.durationFormat,
    litresPerKm: filters.litresPerKm,
    rmPerLitre: filters.rmPerLitre,
    fuelPriceRm: DEFAULT_FUEL_PRICE_RM,
    geofenceMinMinutes: filters.geofenceMinMinutes,
    eventTypes: filters.eventType === 'ALL' ? undefined : [filters.eventType],
  };
}

/** Plate and name by vid and by dvid (the detail report's rows name the device). */
export function vehicleNames(vehicles: readonly Vehicle[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const v of vehicles) {
    const name = vehicleReportName(v);
    names.set(v.vid, name);
    if (v.dvid !== '-' && !names.has(v.dvid)) names.set(v.dvid, name);
  }
  return names;
}

/** The picked vehicles' devices ('-' is none). */
export function devicesOf(vids: readonly string[], byVid: ReadonlyMap<string, Vehicle>): string[] {
  return [...new Set(vids.map((vid) => byVid.get(vid)?.dvid ?? '-').filter((dvid) => dvid !== '-'))];
}
