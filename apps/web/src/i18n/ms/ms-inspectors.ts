import type { Strings } from '../en.ts';

/** Bahasa Malaysia of en-inspectors.ts. */
export const msInspectors: Strings['inspectors'] = {
  deviceTitle: 'Pemeriksa Peranti',
  vehicleTitle: 'Pemeriksa Kenderaan',
  device: 'Peranti',
  devicePlaceholder: 'Pilih peranti',
  vehicle: 'Kenderaan',
  vehiclePlaceholder: 'Pilih kenderaan',
  start: 'Mula',
  end: 'Tamat',
  submit: 'Hantar',
  export: 'Eksport',
  exportError: 'Eksport tidak dapat dijana',
  packages: 'Pakej Data',
  allPackages: 'Semua pakej',
  openMap: 'Buka pada peta',
  rows: (shown: number, all: number) => (shown === all ? `${all} log` : `${shown} daripada ${all} log`),
  truncated: (limit: number) =>
    `Hanya ${limit.toLocaleString('ms-MY')} log pertama dalam tempoh ini disenaraikan; pilih tempoh yang lebih pendek untuk melihat semuanya.`,
};
