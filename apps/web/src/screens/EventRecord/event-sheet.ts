import type { AlertEvent } from '@jejak/contract';
import { formatDateTime } from '../../ui/format.ts';
import { eventTitle } from '../../ui/alerts/event-text.ts';
import type { Cell } from '../../ui/alerts/xlsx.ts';

export interface EventSheetLabels {
  time: string;
  vehicle: string;
  type: string;
  event: string;
  speed: string;
  address: string;
  lat: string;
  lon: string;
}

/** The export's rows (spec 1 §2): the events the list shows, in its order, as the list words them. */
export function eventSheetRows(events: readonly AlertEvent[], vehicle: string, labels: EventSheetLabels): Cell[][] {
  const header = [
    labels.time,
    labels.vehicle,
    labels.type,
    labels.event,
    labels.speed,
    labels.address,
    labels.lat,
    labels.lon,
  ];
  return [
    header,
    ...events.map((e) => [
      formatDateTime(e.eventCreatedAt),
      vehicle,
      e.eventType,
      eventTitle(e),
      e.speed,
      e.address,
      e.location?.lat ?? null,
      e.location?.lon ?? null,
    ]),
  ];
}

/** events-{vehicle}-{start date}.xlsx, safe as a file name. */
export function eventSheetFileName(vehicle: string, startMs: number): string {
  const day = formatDateTime(startMs).slice(0, 10).replaceAll('/', '-');
  return `events-${vehicle.replace(/[^\w-]+/g, '_')}-${day}.xlsx`;
}
