import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { MapView } from '../../map/MapView.tsx';
import { NavigationControl } from '../../map/controls/NavigationControl.tsx';
import { ScaleControl } from '../../map/controls/ScaleControl.tsx';
import { PlaceSearch } from '../../map/controls/PlaceSearch.tsx';
import { useSessionUser } from '../../store/session.ts';
import { DeviceLogPointsLayer } from '../../map/layers/DeviceLogPointsLayer.tsx';
import { GeofencesLayer } from '../../map/layers/GeofencesLayer.tsx';
import { PlacesLayer } from '../../map/layers/PlacesLayer.tsx';
import { TrailsLayer } from '../../map/layers/TrailsLayer.tsx';
import { VehiclesLayer } from '../../map/layers/VehiclesLayer.tsx';
import { GeofenceTree } from '../../map/panel/GeofenceTree.tsx';
import { MapPanel } from '../../map/panel/MapPanel.tsx';
import { DASHBOARD_SWITCHES, DEFAULT_MAP_SETTINGS } from '../../map/panel/map-settings.ts';
import { NO_DEVICE } from '@jejak/contract';
import { FitToFleet } from '../../map/FitToFleet.tsx';
import { useLiveVehicle } from '../../store/use-live.ts';
import { TicketPanel } from './TicketPanel.tsx';
import { TicketFocus } from './tickets/TicketFocus.tsx';
import { VehicleFocus } from './VehicleFocus.tsx';
import { VehicleInfoCard } from './VehicleInfoCard.tsx';
import { linkedVid } from '../../ui/alerts/ticket-links.ts';
import './dashboard.css';

/** / : the live map of the user's fleet, with its control panel and geofence tree (spec 1 §2). */
export function DashboardScreen() {
  const linked = linkedVid(useLocation().state);
  const [selectedVid, setSelectedVid] = useState<string | null>(linked);
  // A link to a vehicle (SOS Alerts' View vehicle) selects it, also when the dashboard is open.
  useEffect(() => {
    if (linked !== null) setSelectedVid(linked);
  }, [linked]);
  const [settings, setSettings] = useState(DEFAULT_MAP_SETTINGS);
  const { uid } = useSessionUser();
  const dvid = useLiveVehicle(selectedVid ?? '')?.dvid;
  const selectedDvid = selectedVid === null || dvid === undefined || dvid === NO_DEVICE ? null : dvid;

  return (
    <div className="dashboard" data-testid="dashboard-map">
      <MapView>
        <NavigationControl />
        <ScaleControl />
        <PlaceSearch />
        <MapPanel settings={settings} onChange={setSettings} switches={DASHBOARD_SWITCHES}>
          <GeofenceTree uid={uid} />
        </MapPanel>
        <PlacesLayer />
        <GeofencesLayer uid={uid} settings={settings} />
        <TrailsLayer />
        <DeviceLogPointsLayer dvid={selectedDvid} />
        <VehiclesLayer selectedVid={selectedVid} onSelect={setSelectedVid} />
        <FitToFleet />
        <VehicleFocus vid={selectedVid} />
        <TicketFocus />
      </MapView>
      {selectedVid !== null && settings.vehicleInfo && (
        <VehicleInfoCard vid={selectedVid} onClose={() => setSelectedVid(null)} />
      )}
      <TicketPanel selectedVid={selectedVid} />
    </div>
  );
}
