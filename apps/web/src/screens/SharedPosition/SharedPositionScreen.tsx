import type { ShareView } from '@jejak/contract';
import { Alert, Card, Descriptions, Spin, Tag } from 'antd';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import type { Marker } from 'maplibre-gl';
import { errorText } from '../../api/error-text.ts';
import { isShareGone, useSharedPosition } from '../../api/fleet/share-links.ts';
import { useStrings } from '../../i18n/strings.ts';
import { focusZoom } from '../../map/focus-zoom.ts';
import { useMap } from '../../map/map-context.ts';
import { maplibregl } from '../../map/maplibre.ts';
import { MapView } from '../../map/MapView.tsx';
import { Logo } from '../../ui/Logo.tsx';
import { SignedOutCard } from '../../ui/account/SignedOutCard.tsx';
import { formatDateTime, formatSpeedKmh } from '../../ui/format.ts';
import './shared-position.css';

const STATUS_COLOURS: Record<NonNullable<ShareView['status']>, string> = {
  MOVING: 'green',
  IDLING: 'gold',
  PARKING: 'blue',
  DISCONNECTED: 'default',
};

/** The shared vehicle's marker: placed once, then moved (and followed) as its position changes. */
function SharedMarker({ lat, lon, course }: { lat: number; lon: number; course: number | null }) {
  const map = useMap();
  const marker = useRef<Marker | null>(null);
  useEffect(() => {
    const placed = new maplibregl.Marker({ color: '#1668dc' });
    marker.current = placed;
    return () => {
      placed.remove();
      marker.current = null;
    };
  }, [map]);
  useEffect(() => {
    const placed = marker.current;
    if (!placed) return;
    const first = !placed.getElement().isConnected;
    placed.setLngLat([lon, lat]).setRotation(0);
    if (first) {
      placed.addTo(map);
      map.jumpTo({ center: [lon, lat], zoom: focusZoom(map, 15) });
    } else map.easeTo({ center: [lon, lat] });
  }, [map, lat, lon, course]);
  return null;
}

/**
 * /s/:token — a shared vehicle's live position (issue 28 item 6, ADR 0093), opened without a
 * session: its plate and name, a small map, speed, status, when it last reported and when the
 * link ends, read again every 10 s. An unknown, expired or revoked link is one page.
 */
export function SharedPositionScreen() {
  const s = useStrings().share;
  const states = useStrings().fleetList.states;
  const { token = '' } = useParams();
  const view = useSharedPosition(token);

  if (!token || isShareGone(view.error))
    return (
      <SignedOutCard title={s.page.goneTitle} testId="share-gone" links={null}>
        <Alert type="warning" showIcon title={s.page.gone} description={s.page.goneHint} />
      </SignedOutCard>
    );
  if (!view.data && view.isError)
    return (
      <SignedOutCard title={s.page.title} testId="share-error" links={null}>
        <Alert type="error" showIcon title={errorText(view.error)} />
      </SignedOutCard>
    );
  if (!view.data)
    return (
      <div className="share-page share-page-loading" data-testid="share-loading">
        <Spin description={s.page.loading} />
      </div>
    );

  const { vehicle, position, status, expiresAt } = view.data;
  return (
    <div className="share-page" data-testid="share-page">
      <header className="share-header">
        <span className="share-logo">
          <Logo textColour="currentColor" />
        </span>
        <div className="share-heading">
          <h1 data-testid="share-plate">{vehicle.plate}</h1>
          {vehicle.displayName && vehicle.displayName !== vehicle.plate && (
            <span className="share-name">{vehicle.displayName}</span>
          )}
        </div>
        {status && (
          <Tag color={STATUS_COLOURS[status]} data-testid="share-status">
            {states[status]}
          </Tag>
        )}
      </header>
      <div className="share-body">
        <div className="share-map" data-testid="share-map">
          {position ? (
            <MapView>
              <SharedMarker lat={position.lat} lon={position.lon} course={position.course} />
            </MapView>
          ) : (
            <Alert type="info" showIcon title={s.page.noFix} />
          )}
        </div>
        <Card size="small" className="share-facts" title={s.page.title}>
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'speed', label: s.page.speed, children: formatSpeedKmh(position?.speedKmh) },
              { key: 'status', label: s.page.status, children: status ? states[status] : '—' },
              {
                key: 'updated',
                label: s.page.updated,
                children: <span data-testid="share-updated">{formatDateTime(position?.at)}</span>,
              },
              {
                key: 'expires',
                label: s.page.expires,
                children: <span data-testid="share-expires">{formatDateTime(expiresAt)}</span>,
              },
            ]}
          />
          <div className="share-refresh">{s.page.refresh}</div>
        </Card>
      </div>
    </div>
  );
}
