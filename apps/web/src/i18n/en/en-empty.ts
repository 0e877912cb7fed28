/** What an empty list says, with the next step (issue 26 item 6). Button names as the screens write them. */
export const enEmpty = {
  /** Any list without its own text. */
  generic: 'Nothing here yet.',
  /** A list whose rows the search or filters hide. */
  noMatch: 'Nothing matches. Clear the search or the filters to see every row.',
  vehicles: 'No vehicles yet. Add one with Add New Vehicle.',
  /** A fleet owner's Vehicles tab, which has no Add button (spec 2 §2). */
  vehiclesByOthers: 'No vehicles yet. Your distributor adds them; they show here once added.',
  devices: 'No devices yet. Add one with Add New Device.',
  notifications: 'No notifications yet. Add one with Add New Notification.',
  /** Information Table and Vehicle Subscription: vehicles are added in Management. */
  vehiclesElsewhere: 'No vehicles yet. Vehicles added in Management show here.',
  userVehicles: 'This user has no vehicles yet. Add one with Add Vehicle.',
  /** The same, for readers who add none (fleet owners and operators, spec 1 §2). */
  userNoVehicles: 'This user has no vehicles.',
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
