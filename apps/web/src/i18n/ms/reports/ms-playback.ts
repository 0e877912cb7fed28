import type { Strings } from '../../en.ts';

/** Bahasa Malaysia of en-playback.ts. */
export const msPlayback: Strings['trips']['player'] = {
  bar: 'Main Semula',
  play: 'Main',
  pause: 'Jeda',
  scrub: 'Kedudukan main semula',
  speed: 'Kelajuan main semula',
  follow: 'Ikut kenderaan',
  view: 'Warna laluan',
  byKind: 'Mengikut jenis',
  bySpeed: 'Warna kelajuan',
  legend: 'Kelajuan (km/j)',
  parking: 'Diparkir',
  idling: 'Melahu',
  trip: 'Perjalanan',
  thinned: 'Tempoh panjang: laluan dipermudah',
  loadError: 'Main semula tidak dapat dimuatkan. Cuba lagi?',
  kmh: (speedKmh: number) => `${Math.round(speedKmh)} km/j`,
};
