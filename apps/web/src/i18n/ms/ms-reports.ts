import type { Strings } from '../en.ts';

/** Bahasa Malaysia of en-reports.ts. */
export const msReports: Strings['reports'] = {
  title: 'Laporan Kenderaan',
  vehicles: 'Kenderaan',
  vehiclesPlaceholder: 'Cari mengikut no. pendaftaran atau nama',
  start: 'Mula',
  end: 'Tamat',
  kind: 'Jenis Laporan',
  submit: 'Hantar',
  export: 'Eksport',
  advanced: 'Penapis lanjutan',
  geofenceDuration: 'Tempoh dalam geopagar',
  eventType: 'Jenis peristiwa',
  allEvents: 'Semua',
  litresPerKm: 'Liter sekilometer',
  rmPerLitre: 'RM seliter',
  durationFormat: 'Format tempoh',
  hms: 'Jam / minit / saat',
  decimal: 'Jam perpuluhan',
  rows: (n: number) => `${n} baris`,
  exportError: (message: string) => `Eksport tidak dapat dijana: ${message}`,
  exportTitle: 'Mengeksport laporan terperinci',
  exportRows: (rows: number | null) =>
    rows === null ? 'Baris: tidak diketahui' : `${rows.toLocaleString('ms-MY')} baris`,
  exportBytes: (bytes: number) => `${(bytes / 1024).toFixed(0)} KB diterima`,
};
