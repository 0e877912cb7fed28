import type { Strings } from '../en.ts';

/** Bahasa Malaysia of en-fleet-list.ts. */
export const msFleetList: Strings['fleetList'] = {
  title: 'Armada',
  search: 'Cari plat, nama atau kumpulan',
  states: {
    ALL: 'Semua',
    MOVING: 'Bergerak',
    IDLING: 'Melahu',
    PARKING: 'Meletak Kenderaan',
    DISCONNECTED: 'Terputus',
    NEVER_REPORTED: 'Belum pernah melapor',
  },
  stateFilter: 'Tunjukkan kenderaan mengikut keadaan',
  loading: 'Memuatkan armada anda…',
  empty: 'Belum ada kenderaan. Tambah satu di Pengurusan → Kenderaan; ia muncul di sini dengan kedudukan pertamanya.',
  emptyByOthers:
    'Belum ada kenderaan. Pengedar anda menambahnya; setiap satu muncul di sini dengan kedudukan pertamanya.',
  noMatch: 'Tiada kenderaan sepadan. Kosongkan carian atau pilih Semua.',
  clear: 'Kosongkan carian dan penapis',
  speed: (kmh: number) => `${Math.round(kmh)} km/j`,
  age: {
    now: 'baru sahaja',
    minutes: (n: number) => `${n} min lalu`,
    hours: (n: number) => `${n} jam lalu`,
    days: (n: number) => `${n} hari lalu`,
  },
  noPosition: 'Belum ada kedudukan',
  open: 'Senarai armada',
  close: 'Sembunyikan senarai armada',
  wholeFleet: 'Seluruh armada',
  following: (plate: string) => `Mengikut ${plate}`,
  follow: (plate: string) => `Ikut ${plate}`,
  stopFollowing: 'Berhenti mengikut',
  shown: (shown: number, all: number) => (shown === all ? `${all}` : `${shown} daripada ${all}`),
};
