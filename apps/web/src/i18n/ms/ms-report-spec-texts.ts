/**
 * Bahasa Malaysia for the words of @jejak/contract's report tables (spec 3 §2) that the other spec
 * texts do not already hold: column headers and fixed cell words, keyed by the English text.
 */
export const MS_REPORT_SPEC_TEXTS: Readonly<Record<string, string>> = {
  'Consumed (L)': 'Digunakan (L)',
  'Cost (RM)': 'Kos (RM)',
  Date: 'Tarikh',
  Disconnected: 'Terputus',
  'End Latitude': 'Latitud Tamat',
  'End Level (L)': 'Aras Tamat (L)',
  'End Longitude': 'Longitud Tamat',
  Engine: 'Enjin',
  'Enter Time': 'Masa Masuk',
  'Estimated Expenses (RM)': 'Anggaran Belanja (RM)',
  'Estimated Fuel (L)': 'Anggaran Bahan Api (L)',
  Events: 'Peristiwa',
  'Exit Time': 'Masa Keluar',
  'Idling (L)': 'Melahu (L)',
  'Mileage (km)': 'Jarak Tempuh (km)',
  Moving: 'Bergerak',
  'Moving (L)': 'Bergerak (L)',
  'Parking (L)': 'Meletak Kenderaan (L)',
  'Potential Loss (L)': 'Potensi Kehilangan (L)',
  'Refuelled (L)': 'Diisi Semula (L)',
  Rule: 'Peraturan',
  'Speed Limit (km/h)': 'Had Laju (km/j)',
  'Start Latitude': 'Latitud Mula',
  'Start Level (L)': 'Aras Mula (L)',
  'Start Longitude': 'Longitud Mula',
  Tank: 'Tangki',
  Trips: 'Perjalanan',
  // Cells: the GPS fix, a span still open, a record under way, and Trip's moving status.
  Valid: 'Sah',
  ON: 'HIDUP',
  OFF: 'MATI',
  Invalid: 'Tidak sah',
  ONGOING: 'BERTERUSAN',
  'UNDER WAY': 'SEDANG BERLANGSUNG',
  TRANSIT: 'TRANSIT',
  // Event Record's first filter (spec 1 §2), beside INFO, WARNING, CRITICAL and CONTROL.
  ALL: 'SEMUA',
};
