import type { Strings } from '../../en.ts';

/** Bahasa Malaysia of en-alertflow.ts. */
export const msAlertFlow: Strings['alertFlow'] = {
  banner: {
    sos: (vehicle: string, time: string) => `SOS daripada ${vehicle} pada ${time}`,
    repeated: (count: number) => `×${count}`,
    more: (n: number) => `dan ${n} lagi kenderaan dalam kecemasan`,
    viewTicket: 'Lihat tiket',
    sosAlerts: 'Amaran SOS',
    label: 'Kenderaan dalam kecemasan',
  },
  ticket: {
    count: (n: number) => `×${n}`,
    countLabel: (n: number) => `${n} amaran digabungkan dalam tiket ini`,
    latest: (time: string) => `Terkini ${time}`,
    calls: (status: string, calls: number) => `Panggilan: ${status} (${calls})`,
    noCalls: 'Tiada panggilan',
    lastCall: (name: string) => `Panggilan terakhir: ${name}`,
    viewCalls: 'Amaran SOS',
  },
  sos: {
    ticket: 'Tiket',
    viewTicket: 'Lihat tiket',
    ticketResolved: 'Selesai',
    viewVehicle: 'Lihat kenderaan',
  },
};
