import { useState } from 'react';
import { MapView } from '../../map/MapView.tsx';
import { NavigationControl } from '../../map/controls/NavigationControl.tsx';
import { ScaleControl } from '../../map/controls/ScaleControl.tsx';
import { useSessionUser } from '../../app/session.ts';
import { GeofencesLayer } from '../../map/layers/GeofencesLayer.tsx';
import { PlacesLayer } from '../../map/layers/PlacesLayer.tsx';
import { TrailsLayer } from '../../map/layers/TrailsLayer.tsx';
import { VehiclesLayer } from '../../map/layers/VehiclesLayer.tsx';
import { InitialView } from './InitialView.tsx';
import { TicketPanel } from './TicketPanel.tsx';
import { TrafficToggle } from './TrafficToggle.tsx';
import { TicketFocus } from './tickets/TicketFocus.tsx';
import { VehicleFocus } from './VehicleFocus.tsx';
import { VehicleInfoCard } from './VehicleInfoCard.tsx';

/** / : the live map of the user's fleet. */
export function DashboardScreen() {
  const [selectedVid, setSelectedVid] = useState<string | null>(null);
  const { uid } = useSessionUser();

  return (
    <div className="dashboard" data-testid="dashboard-map">
      <MapView>
        <NavigationControl />
        <ScaleControl />
        <TrafficToggle />
        <PlacesLayer />
        <GeofencesLayer uid={uid} />
        <TrailsLayer />
        <VehiclesLayer selectedVid={selectedVid} onSelect={setSelectedVid} />
        <InitialView />
        <VehicleFocus vid={selectedVid} />
        <TicketFocus />
      </MapView>
      {selectedVid !== null && <VehicleInfoCard vid={selectedVid} onClose={() => setSelectedVid(null)} />}
      <TicketPanel selectedVid={selectedVid} />
    </div>
  );
}
