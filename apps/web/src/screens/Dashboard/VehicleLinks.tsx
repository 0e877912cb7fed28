import type { GeoPoint } from '@jejak/domain';
import { EnvironmentOutlined, ExportOutlined, HistoryOutlined, PushpinOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useStrings } from '../../i18n/strings.ts';
import { todayWindow } from '../../ui/alerts/today-window.ts';

/** View Playback (spec 1 §2): Trip Record on this vehicle, from the start of today to the start of tomorrow. */
function playbackLink(vid: string, nowMs: number): string {
  const { startMs, endMs } = todayWindow(nowMs);
  return `/TripRecord?${new URLSearchParams({ vid, startTime: String(startMs), endTime: String(endMs) }).toString()}`;
}

/** Add as POI: the POI form, its marker where the vehicle stands. */
const addPoiLink = (at: GeoPoint) =>
  `/Geofence/AddNewPOI?${new URLSearchParams({ lat: String(at.lat), lng: String(at.lon) }).toString()}`;

/** View on Map: the position on an external map, in a new tab. */
const externalMapLink = (at: GeoPoint) => `https://www.google.com/maps/search/?api=1&query=${at.lat},${at.lon}`;

/** The info window's links: Add as POI, View on Map (external) and View Playback (spec 1 §2). */
export function VehicleLinks({ vid, location, nowMs }: { vid: string; location: GeoPoint | null; nowMs: number }) {
  const strings = useStrings();
  const s = strings.dashboard.info;
  return (
    <div className="vehicle-info-links">
      {location && (
        <>
          <Link to={addPoiLink(location)} data-testid="vehicle-info-add-poi">
            <PushpinOutlined /> {s.addAsPoi}
          </Link>
          <a
            href={externalMapLink(location)}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="vehicle-info-external-map"
          >
            <EnvironmentOutlined /> {s.viewOnMap} <ExportOutlined />
          </a>
        </>
      )}
      <Link to={playbackLink(vid, nowMs)} data-testid="vehicle-info-playback">
        <HistoryOutlined /> {strings.trips.playback}
      </Link>
    </div>
  );
}
