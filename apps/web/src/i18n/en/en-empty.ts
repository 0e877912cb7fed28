/** What an empty list says, with the next step (issue 26 item 6). Button names as the screens write them. */
export const enEmpty = {
  /** Any list without its own text. */
  generic: 'Nothing here yet.',
  /** A list whose rows the search or filters hide. */
  noMatch: 'Nothing matches. Clear the search or the filters to see every row.',
  vehicles: 'No vehicles yet. Add one with Add New Vehicle.',
  devices: 'No devices yet. Add one with Add New Device.',
  notifications: 'No notifications yet. Add one with Add New Notification.',
  /** Information Table and Vehicle Subscription: vehicles are added in Management. */
  vehiclesElsewhere: 'No vehicles yet. Add one in Management with Add New Vehicle.',
  toManagement: 'Go to Management',
  userVehicles: 'This user has no vehicles yet. Add one with Add Vehicle.',
  userDevices: 'This user has no devices yet. Add one with Add Device.',
  tickets: 'No tickets. An SOS alarm from a vehicle opens one here.',
  escalations: 'No SOS alerts. They appear here when a vehicle raises an SOS alarm.',
  migrationUsers: 'No users to migrate.',
  packageHistory: 'No package changes yet.',
  /** Before the first Submit of a look-up screen. */
  beforeSubmit: 'Choose what to look at and a period, then press Submit.',
  /** A look-up that found nothing. */
  nothingFound: 'Nothing found in this period. Try a longer period.',
  geofenceVehicles: 'No vehicles in this geofence now.',
};
