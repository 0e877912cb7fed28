import { MAP_TEXTS } from '@jejak/contract';
import { Switch } from 'antd';
import { useState } from 'react';
import { useMapConfig } from '../../api/map-config.ts';
import { TrafficLayer } from '../../map/layers/TrafficLayer.tsx';

/** The "Live traffic" toggle, shown only when traffic tiles are configured (issue 14 item 1). */
export function TrafficToggle() {
  const traffic = useMapConfig().data?.traffic ?? null;
  const [on, setOn] = useState(false);
  if (!traffic) return null;
  return (
    <>
      <label className="map-toggle" data-testid="traffic-toggle">
        <Switch size="small" checked={on} onChange={setOn} aria-label={MAP_TEXTS.traffic} /> {MAP_TEXTS.traffic}
      </label>
      {on && <TrafficLayer overlay={traffic} />}
    </>
  );
}
