/** What the map control panel switches (spec 1 §2 Dashboard map). */
export interface MapSettings {
  pois: boolean;
  zones: boolean;
  /** The geofences' names (labels and hover popups). */
  geofenceInfo: boolean;
  /** The selected vehicle's info window. */
  vehicleInfo: boolean;
  traffic: boolean;
}

export type MapSetting = keyof MapSettings;

/** Spec 1 §9: info windows, POIs, zones and geofences on; live traffic off. */
export const DEFAULT_MAP_SETTINGS: Readonly<MapSettings> = {
  pois: true,
  zones: true,
  geofenceInfo: true,
  vehicleInfo: true,
  traffic: false,
};

/** The dashboard shows every switch; the geofence overview hides vehicle info and live traffic. */
export const DASHBOARD_SWITCHES: readonly MapSetting[] = ['pois', 'zones', 'geofenceInfo', 'vehicleInfo', 'traffic'];
export const OVERVIEW_SWITCHES: readonly MapSetting[] = ['pois', 'zones', 'geofenceInfo'];
