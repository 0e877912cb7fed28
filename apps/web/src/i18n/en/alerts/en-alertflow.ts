/** One alert flow (ADR 0073): the distress banner, merged tickets and the links between tickets and SOS Alerts. */
export const enAlertFlow = {
  banner: {
    /** {vehicle} sent an SOS at {time}. */
    sos: (vehicle: string, time: string) => `SOS from ${vehicle} at ${time}`,
    repeated: (count: number) => `×${count}`,
    more: (n: number) => `and ${n} more vehicle(s) in distress`,
    viewTicket: 'View ticket',
    sosAlerts: 'SOS Alerts',
    label: 'Vehicles in distress',
  },
  ticket: {
    /** The count of alarms merged into a ticket. */
    count: (n: number) => `×${n}`,
    countLabel: (n: number) => `${n} alarms merged into this ticket`,
    latest: (time: string) => `Latest ${time}`,
    calls: (status: string, calls: number) => `Calls: ${status} (${calls})`,
    noCalls: 'No calls',
    lastCall: (name: string) => `Last call: ${name}`,
    viewCalls: 'SOS Alerts',
  },
  sos: {
    ticket: 'Ticket',
    viewTicket: 'View ticket',
    ticketResolved: 'Resolved',
    viewVehicle: 'View vehicle',
  },
};
