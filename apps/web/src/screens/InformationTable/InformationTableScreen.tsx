import { GlobalOutlined } from '@ant-design/icons';
import { Button, Card, Tabs, Typography } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useStrings } from '../../i18n/strings.ts';
import { geofenceColours } from '../../map/layers/geofence-features.ts';
import { GeofenceSummary } from './GeofenceSummary.tsx';
import { useInfoRows } from './use-info-rows.ts';
import { VehicleListing } from './VehicleListing.tsx';
import './information-table.css';

/**
 * /InformationTable (spec 1 §2): the Vehicle Listing and the Geofence Summary, both following the
 * live store, and a way back to the Dashboard Map.
 */
export function InformationTableScreen() {
  const s = useStrings().infoTable;
  const navigate = useNavigate();
  const { vehicles, geofences, templates, geofencesLoading } = useInfoRows();
  const colourOf = useMemo(() => geofenceColours(templates), [templates]);
  return (
    <div className="screen-padded info-table">
      <Card
        title={<Typography.Title level={4}>{s.title}</Typography.Title>}
        extra={
          <Button icon={<GlobalOutlined />} onClick={() => void navigate('/')} data-testid="info-dashboard-map">
            {s.dashboardMap}
          </Button>
        }
      >
        <Tabs
          items={[
            {
              key: 'vehicles',
              label: s.vehicleTab,
              children: <VehicleListing rows={vehicles} colourOf={colourOf} />,
            },
            {
              key: 'geofences',
              label: s.geofenceTab,
              children: <GeofenceSummary rows={geofences} loading={geofencesLoading} />,
            },
          ]}
        />
      </Card>
    </div>
  );
}
