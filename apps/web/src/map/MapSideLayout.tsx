import type { ReactNode } from 'react';
import { MapView } from './MapView.tsx';
import { NavigationControl } from './controls/NavigationControl.tsx';
import { ScaleControl } from './controls/ScaleControl.tsx';
import './map-side.css';

/** Spec 1 §2's configured side widths (map-side.css): 400 px for a card or form, 700 for a wide one. */
type SideWidth = 'narrow' | 'wide';

interface MapSideLayoutProps {
  /** The screen's card or form, beside the map. */
  side: ReactNode;
  width?: SideWidth;
  /** The map's layers. */
  children?: ReactNode;
  testId?: string;
}

/**
 * A map-view route (spec 1 §2: /Profile, the geofence template forms, …): its card or form in a
 * side of 400 (or 700) px beside the live map, the map keeping at least a third of the width (at
 * 1024 px the side narrows); on a phone the side sits above a map of half the screen.
 */
export function MapSideLayout({ side, width = 'narrow', children, testId }: MapSideLayoutProps) {
  return (
    <div className="map-side-layout" data-testid={testId}>
      <aside className={`map-side map-side-${width}`}>{side}</aside>
      <div className="map-side-map" data-testid="map-side-map">
        <MapView>
          <NavigationControl />
          <ScaleControl />
          {children}
        </MapView>
      </div>
    </div>
  );
}
