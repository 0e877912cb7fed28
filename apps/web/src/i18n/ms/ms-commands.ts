import type { Strings } from '../en.ts';

/** Panel Arahan kenderaan (isu 29, ADR 0090). */
export const msCommands: Strings['commands'] = {
  title: 'Arahan',
  open: 'Arahan',
  intro:
    'Dihantar melalui sambungan penjejak; semasa ia di luar talian, arahan menunggu sehingga ia kembali atau arahan tamat tempoh.',
  notSupported: 'Penjejak kenderaan ini tidak menerima arahan yang boleh anda hantar',
  command: 'Arahan',
  types: {
    engineStop: 'Hentikan enjin',
    engineResume: 'Hidupkan semula enjin',
    setInterval: 'Tetapkan sela laporan',
    reboot: 'But semula penjejak',
    requestPosition: 'Minta kedudukan',
    custom: 'Arahan tersuai',
  },
  statuses: { QUEUED: 'Menunggu', SENT: 'Dihantar', ANSWERED: 'Dijawab', EXPIRED: 'Tamat tempoh', FAILED: 'Gagal' },
  seconds: 'Sela (saat)',
  text: 'Teks arahan',
  reason: 'Sebab',
  reasonPlaceholder: 'cth. kenderaan dilaporkan dicuri',
  force: 'Hentikan juga, walaupun ia bergerak',
  sms: 'Jika penjejak di luar talian, hantar melalui SMS ke SIM penjejak',
  expiresIn: 'Tamat selepas',
  minutes: (n: number) => (n >= 60 ? `${n / 60} jam` : `${n} minit`),
  send: 'Hantar',
  confirmStop: (name: string) =>
    `Hentikan enjin ${name}? Ia tidak akan hidup semula sehingga anda menghantar Hidupkan semula enjin.`,
  confirmOk: 'Hentikan enjin',
  cancel: 'Batal',
  log: 'Log arahan',
  empty: 'Belum ada arahan dihantar',
  time: 'Masa',
  status: 'Status',
  answer: 'Jawapan',
  by: 'Oleh',
};
