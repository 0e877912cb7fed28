import { enPlayback } from './en-playback.ts';

/** Trip Record (spec 1 §2). Its toasts are the spec's texts, in contract's TRANSIT_TEXTS. */
export const enTrips = {
  title: 'Trip Record',
  details: 'Trip Details',
  duration: 'Duration',
  eventTypes: 'Events',
  transitTypes: 'Status',
  export: 'Export',
  exportError: 'Could not build the export',
  pdf: 'PDF',
  route: 'Route',
  routeFormats: { gpx: 'GPX (navigation apps)', kml: 'KML (Google Earth)', csv: 'CSV (spreadsheets)' },
  truncated: 'Only the first part of this period’s path is drawn; choose a shorter period to see all of it.',
  noAddress: 'No address',
  distance: 'Distance',
  driving: 'Driving',
  idling: 'Idling',
  parking: 'Parking',
  /** Spec 1 §3's total_idle_duration: idling and parking, less a parking the window ends in. */
  totalIdle: 'Total idle',
  topSpeed: 'Top speed',
  trips: 'Trips',
  events: 'Events',
  trip: 'Trip',
  showTrip: 'Show whole trip',
  /** A record counted up to now: the vehicle is still in it (issue 24). */
  underWay: 'Under way',
  closeTrip: 'Close trip',
  start: 'Start',
  end: 'End',
  legend: { normal: 'Path', memory: 'From memory', trip: 'Selected trip', transit: 'Selected record' },
  playback: 'View Playback',
  player: enPlayback,
} as const;
