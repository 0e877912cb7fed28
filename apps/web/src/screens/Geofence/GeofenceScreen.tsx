import { mayCall, toPermissionRole } from '@jejak/domain';
import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSessionUser } from '../../store/session.ts';
import { useStrings } from '../../i18n/strings.ts';
import { MapView } from '../../map/MapView.tsx';
import { NavigationControl } from '../../map/controls/NavigationControl.tsx';
import { ScaleControl } from '../../map/controls/ScaleControl.tsx';
import { PlaceSearch } from '../../map/controls/PlaceSearch.tsx';
import { GeofencesLayer } from '../../map/layers/GeofencesLayer.tsx';
import { PlacesLayer } from '../../map/layers/PlacesLayer.tsx';
import { GeofenceTree } from '../../map/panel/GeofenceTree.tsx';
import { MapPanel } from '../../map/panel/MapPanel.tsx';
import { DEFAULT_MAP_SETTINGS, OVERVIEW_SWITCHES } from '../../map/panel/map-settings.ts';
import { FitToGeofences } from './FitToGeofences.tsx';
import { GeofenceActions } from './GeofenceActions.tsx';
import { GeofenceBulkAdd } from './GeofenceBulkAdd.tsx';

/**
 * /Geofence: the geofence overview (spec 1 §2 "Geofence maps"): the user's POIs and zones on the
 * map, the control panel without vehicle info and live traffic, and the geofence tree with Add
 * POI, Add Zone, Add Group and Bulk Add Geofences, and each geofence's Edit and Delete.
 */
export function GeofenceScreen() {
  const user = useSessionUser();
  const o = useStrings().dashboard.overview;
  const [settings, setSettings] = useState(DEFAULT_MAP_SETTINGS);
  const mayManage = mayCall(toPermissionRole(user.userRole), 'manageGeofences');

  return (
    <div className="dashboard" data-testid="geofence-overview">
      <MapView>
        <NavigationControl />
        <ScaleControl />
        <PlaceSearch />
        <MapPanel settings={settings} onChange={setSettings} switches={OVERVIEW_SWITCHES}>
          {mayManage && (
            <div className="map-panel-actions">
              <Link to="/Geofence/AddNewPOI" data-testid="geofence-add-poi">
                <Button size="small" type="primary" icon={<PlusOutlined />}>
                  {o.addPoi}
                </Button>
              </Link>
              <Link to="/Geofence/AddNewZone" data-testid="geofence-add-zone">
                <Button size="small" icon={<PlusOutlined />}>
                  {o.addZone}
                </Button>
              </Link>
              <Link to="/Geofence/AddGroup" data-testid="geofence-add-group">
                <Button size="small" icon={<PlusOutlined />}>
                  {o.addGroup}
                </Button>
              </Link>
              <GeofenceBulkAdd uid={user.uid} />
            </div>
          )}
          <GeofenceTree
            uid={user.uid}
            {...(mayManage ? { actions: (node) => <GeofenceActions node={node} uid={user.uid} /> } : {})}
          />
        </MapPanel>
        <PlacesLayer />
        <GeofencesLayer uid={user.uid} settings={settings} />
        <FitToGeofences uid={user.uid} />
      </MapView>
    </div>
  );
}
