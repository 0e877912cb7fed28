import type { Strings } from '../en.ts';

export const msCodes: Strings['codes'] = {
  packages: {
    auth: 'Log masuk',
    heartbeat: 'Denyutan',
    'gps#latest': 'Kedudukan',
    'gps#memory': 'Kedudukan (dihantar lewat)',
    'event#session#error': 'Ralat sambungan',
    'event#session#close': 'Sambungan ditutup',
    'event#session#timeout': 'Sambungan tamat masa',
  },
  tank: (port: number) => `Tangki pada port ${port}`,
};
