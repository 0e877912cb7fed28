/** Device Inspector and Vehicle Inspector (spec 3 §2). Columns and toasts come from @jejak/contract. */
export const enInspectors = {
  deviceTitle: 'Device Inspector',
  vehicleTitle: 'Vehicle Inspector',
  device: 'Device',
  devicePlaceholder: 'Select a device',
  vehicle: 'Vehicle',
  vehiclePlaceholder: 'Select a vehicle',
  start: 'Start',
  end: 'End',
  submit: 'Submit',
  export: 'Export',
  exportError: 'Could not build the export',
  packages: 'Data Package',
  allPackages: 'All packages',
  openMap: 'Open on the map',
  rows: (shown: number, all: number) => (shown === all ? `${all} log(s)` : `${shown} of ${all} log(s)`),
  truncated: (limit: number) =>
    `Only the first ${limit.toLocaleString('en')} logs of this period are listed; choose a shorter period to see all.`,
};
