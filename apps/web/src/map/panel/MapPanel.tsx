import { MAP_TEXTS } from '@jejak/contract';
import { ControlOutlined, MenuFoldOutlined } from '@ant-design/icons';
import { Button, Switch } from 'antd';
import { useState, type ReactNode } from 'react';
import { useMapConfig } from '../../api/map/map-config.ts';
import { useSpecText, useStrings } from '../../i18n/strings.ts';
import { TrafficLayer } from '../layers/TrafficLayer.tsx';
import type { MapSetting, MapSettings } from './map-settings.ts';
import './map-panel.css';

/** Below this window width (phones, tablets, small laptops with the fleet list beside the map) the panel starts folded, so the map is seen first. */
const NARROW = '(max-width: 1279px)';

interface MapPanelProps {
  settings: MapSettings;
  onChange: (settings: MapSettings) => void;
  /** The switches this map offers, in order. */
  switches: readonly MapSetting[];
  /** What follows the switches: the geofence tree, the overview's buttons. */
  children?: ReactNode;
}

/**
 * The map control panel (spec 1 §2): switches for POIs, zones, geofence info, vehicle info and
 * live traffic — the last only when traffic tiles are configured, and then it draws them — above
 * the geofence tree. It folds to one button, and starts folded on a phone.
 */
export function MapPanel({ settings, onChange, switches, children }: MapPanelProps) {
  const p = useStrings().dashboard.panel;
  const spec = useSpecText();
  const traffic = useMapConfig().data?.traffic ?? null;
  const [open, setOpen] = useState(() => !window.matchMedia(NARROW).matches);
  const labels: Record<MapSetting, string> = {
    pois: p.pois,
    zones: p.zones,
    geofenceInfo: p.geofenceInfo,
    vehicleInfo: p.vehicleInfo,
    traffic: spec(MAP_TEXTS.traffic),
  };
  const offered = switches.filter((key) => key !== 'traffic' || traffic !== null);

  return (
    <>
      <section className={`map-panel${open ? ' map-panel-open' : ''}`} data-testid="map-panel">
        <Button
          className="map-panel-toggle"
          size="small"
          icon={open ? <MenuFoldOutlined /> : <ControlOutlined />}
          aria-label={open ? p.close : p.open}
          aria-expanded={open}
          data-testid="map-panel-toggle"
          onClick={() => setOpen(!open)}
        >
          {open && p.title}
        </Button>
        <div className="map-panel-body" hidden={!open}>
          <div className="map-panel-switches">
            {offered.map((key) => (
              <label
                key={key}
                className="map-panel-switch"
                data-testid={key === 'traffic' ? 'traffic-toggle' : `map-switch-${key}`}
              >
                <Switch
                  size="small"
                  checked={settings[key]}
                  aria-label={labels[key]}
                  onChange={(on) => onChange({ ...settings, [key]: on })}
                />
                {labels[key]}
              </label>
            ))}
          </div>
          {children}
        </div>
      </section>
      {traffic && settings.traffic && <TrafficLayer overlay={traffic} />}
    </>
  );
}
