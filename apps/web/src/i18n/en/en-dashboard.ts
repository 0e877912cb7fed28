/**
 * The dashboard map, its control panel, the geofence tree, the vehicle info window and the
 * /Geofence overview (spec 1 §2 "Dashboard map", "Geofence maps"). Texts marked "spec" are exact.
 */
export const enDashboard = {
  panel: {
    title: 'Map',
    open: 'Show map controls',
    close: 'Hide map controls',
    pois: 'POIs',
    zones: 'Zones',
    geofenceInfo: 'Geofence info',
    vehicleInfo: 'Vehicle info',
  },
  tree: {
    title: 'Geofences',
    search: 'Search geofences',
    empty: 'No geofence matches',
    ungroup: 'UNGROUP',
    // spec 1 §8
    noLocation: 'No location found for this transit status',
  },
  info: {
    address: 'Address',
    /** The device's GPS has had no fix since then (spec 1 §3 noGPSAt). */
    noGps: 'No GPS fix',
    since: 'since',
    refreshAddress: 'Refresh address',
    // spec 1 §8
    addressNotFound: 'Address not found',
    device: 'Device details',
    addAsPoi: 'Add as POI',
    viewOnMap: 'View on Map',
  },
  device: {
    dvid: 'Device ID',
    imei: 'IMEI',
    protocol: 'Model (protocol)',
    simCard: 'SIM card',
    connection: 'Connection',
    online: 'Online',
    offline: 'Offline',
    gps: 'GPS',
    gpsFix: 'Fix',
    gpsNoFix: 'No fix',
    engine: 'Engine (ACC)',
    on: 'On',
    off: 'Off',
    lastFix: 'Last fix',
    lastRecord: 'Last record',
    unknown: '-',
    none: 'No device',
  },
  overview: {
    title: 'Geofence Management',
    addPoi: 'Add POI',
    addZone: 'Add Zone',
    addGroup: 'Add Group',
    bulkAdd: 'Bulk Add Geofences',
    edit: 'Edit',
    editGroup: 'Edit group',
    delete: 'Delete',
    deleteConfirm: (name: string) => `Delete ${name}?`,
    deleteOk: 'Delete',
    cancel: 'Cancel',
    deleted: 'Geofence deleted',
    deleteError: 'Could not delete the geofence',
  },
};
