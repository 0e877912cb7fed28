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
import { VehiclesLayer } from '../../map/layers/vehicles/VehiclesLayer.tsx';
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
import { FleetList } from './fleet-list/FleetList.tsx';
import { FleetMapControls, FollowToggle } from './fleet-list/FleetMapControls.tsx';
import { NO_FLEET_FILTER, useShownVehicles } from './fleet-list/use-fleet-filter.ts';
import { useFleetLoading } from './fleet-list/use-fleet-rows.ts';
import './dashboard.css';

/**
 * / : the live map of the user's fleet, with its control panel and geofence tree (spec 1 §2), and
 * the fleet list beside it (issue 26 item 1). Choosing a vehicle, on the map or in the list,
 * centres the map on it and follows it until the user drags the map.
 */
export function DashboardScreen() {
  const linked = linkedVid(useLocation().state);
  const [selectedVid, setSelectedVid] = useState<string | null>(linked);
  const [following, setFollowing] = useState(linked !== null);
  const select = (vid: string | null) => {
    setSelectedVid(vid);
    setFollowing(vid !== null);
  };
  // A link to a vehicle (SOS Alerts' View vehicle) selects it, also when the dashboard is open.
  useEffect(() => {
    if (linked === null) return;
    setSelectedVid(linked);
    setFollowing(true);
  }, [linked]);
  const [filter, setFilter] = useState(NO_FLEET_FILTER);
  const shown = useShownVehicles(filter);
  const loading = useFleetLoading();
  const [settings, setSettings] = useState(DEFAULT_MAP_SETTINGS);
  const { uid } = useSessionUser();
  const dvid = useLiveVehicle(selectedVid ?? '')?.dvid;
  const selectedDvid = selectedVid === null || dvid === undefined || dvid === NO_DEVICE ? null : dvid;

  return (
    <div className="dashboard" data-testid="dashboard-map">
      <FleetList selectedVid={selectedVid} onSelect={select} filter={filter} onFilter={setFilter} />
      <div className="dashboard-map">
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
          <VehiclesLayer selectedVid={selectedVid} onSelect={select} shown={shown} />
          <FitToFleet />
          <VehicleFocus vid={selectedVid} following={following} onUserPan={() => setFollowing(false)} />
          <FleetMapControls shown={shown} loading={loading} onWholeFleet={() => setFollowing(false)} />
          <TicketFocus />
        </MapView>
        {selectedVid !== null && settings.vehicleInfo && (
          <VehicleInfoCard
            vid={selectedVid}
            onClose={() => select(null)}
            follow={<FollowToggle vid={selectedVid} following={following} onFollow={setFollowing} />}
          />
        )}
        <TicketPanel selectedVid={selectedVid} />
      </div>
    </div>
  );
}
