import { Modal } from 'antd';
import { maplibregl } from '../../map/maplibre.ts';
import { useEffect } from 'react';
import { MapView } from '../../map/MapView.tsx';
import { focusZoom } from '../../map/focus-zoom.ts';
import { useMap } from '../../map/map-context.ts';

export interface Place {
  lat: number;
  lon: number;
  title: string;
}

function PlaceMarker({ lat, lon }: { lat: number; lon: number }) {
  const map = useMap();
  useEffect(() => {
    const marker = new maplibregl.Marker().setLngLat([lon, lat]).addTo(map);
    map.jumpTo({ center: [lon, lat], zoom: focusZoom(map, 15) });
    return () => {
      marker.remove();
    };
  }, [map, lat, lon]);
  return null;
}

/** Where a refuel or loss began, on a small map of its own. */
export function PlaceModal({ place, onClose }: { place: Place | null; onClose: () => void }) {
  return (
    <Modal open={place !== null} title={place?.title} footer={null} onCancel={onClose} width={640} destroyOnHidden>
      <div className="fuel-place-map" data-testid="fuel-place-map">
        {place && (
          <MapView>
            <PlaceMarker lat={place.lat} lon={place.lon} />
          </MapView>
        )}
      </div>
    </Modal>
  );
}
