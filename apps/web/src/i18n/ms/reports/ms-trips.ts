import type { Strings } from '../../en.ts';
import { msPlayback } from './ms-playback.ts';

/** Bahasa Malaysia of en-trips.ts. */
export const msTrips: Strings['trips'] = {
  title: 'Rekod Perjalanan',
  details: 'Butiran Perjalanan',
  duration: 'Tempoh',
  eventTypes: 'Peristiwa',
  transitTypes: 'Status',
  export: 'Eksport',
  exportError: 'Eksport tidak dapat dijana',
  pdf: 'PDF',
  route: 'Laluan',
  routeFormats: { gpx: 'GPX (aplikasi navigasi)', kml: 'KML (Google Earth)', csv: 'CSV (hamparan)' },
  truncated: 'Hanya bahagian pertama laluan tempoh ini dilukis; pilih tempoh yang lebih pendek untuk melihat semuanya.',
  noAddress: 'Tiada alamat',
  distance: 'Jarak',
  driving: 'Memandu',
  idling: 'Melahu',
  parking: 'Diparkir',
  totalIdle: 'Jumlah masa berhenti',
  topSpeed: 'Kelajuan tertinggi',
  trips: 'Perjalanan',
  events: 'Peristiwa',
  trip: 'Perjalanan',
  showTrip: 'Tunjuk seluruh perjalanan',
  /** A record counted up to now: the vehicle is still in it (issue 24). */
  underWay: 'Sedang berlangsung',
  closeTrip: 'Tutup perjalanan',
  start: 'Mula',
  end: 'Tamat',
  legend: { normal: 'Laluan', memory: 'Dari memori', trip: 'Perjalanan dipilih', transit: 'Rekod dipilih' },
  playback: 'Lihat Main Semula',
  player: msPlayback,
};
