import { GEOFENCE_PALETTE, geofenceRowRequest } from '@jejak/contract';
import { Typography } from 'antd';
import { useMemo } from 'react';
import { useStrings } from '../../i18n/strings.ts';
import { geofenceFeatures, type DrawableGeofence } from '../../map/layers/geofence-features.ts';
import type { BulkRow } from './bulk-check.ts';

const COLOUR = `#${GEOFENCE_PALETTE[0]}`;
const WIDTH = 1000;
const HEIGHT = 260;
const PAD = 16;

/** The shapes of the rows that passed (a FAILED row may have none), as /geofence/add will get them. */
export function previewShapes(rows: readonly BulkRow[], uid: string): DrawableGeofence[] {
  return rows
    .filter((r) => r.status !== 'FAILED')
    .map((r) => ({ ...geofenceRowRequest(r.values, uid, []).geofence, geoid: `row-${r.rowNumber}` }));
}

/** Rings of [lon, lat] as SVG paths, fitted into the box with east–west scaled by the latitude's cosine. */
function paths(rings: { name: string; ring: number[][] }[]): { name: string; d: string }[] {
  const all = rings.flatMap((r) => r.ring);
  if (all.length === 0) return [];
  const lons = all.map((p) => p[0] ?? 0);
  const lats = all.map((p) => p[1] ?? 0);
  const [w, e, s, n] = [Math.min(...lons), Math.max(...lons), Math.min(...lats), Math.max(...lats)];
  const k = Math.cos((((n + s) / 2) * Math.PI) / 180);
  const scale = Math.min((WIDTH - 2 * PAD) / Math.max((e - w) * k, 1e-9), (HEIGHT - 2 * PAD) / Math.max(n - s, 1e-9));
  const x0 = (WIDTH - (e - w) * k * scale) / 2;
  const y0 = (HEIGHT - (n - s) * scale) / 2;
  return rings.map(({ name, ring }) => ({
    name,
    d: `${ring
      .map(
        ([lon = 0, lat = 0], i) =>
          `${i ? 'L' : 'M'}${(x0 + (lon - w) * k * scale).toFixed(1)} ${(y0 + (n - lat) * scale).toFixed(1)}`,
      )
      .join(' ')} Z`,
  }));
}

/**
 * The bulk geofence dialog's preview: every row's zone or POI circle drawn to scale together,
 * each named on hover, so a file's shapes can be seen before they are added.
 */
export function GeofencePreview({ rows, uid }: { rows: readonly BulkRow[]; uid: string }) {
  const s = useStrings().geofenceImport;
  const shapes = useMemo(() => previewShapes(rows, uid), [rows, uid]);
  const drawn = useMemo(
    () =>
      paths(
        geofenceFeatures(shapes, () => COLOUR).areas.map((f) => ({
          name: f.properties.name,
          ring: f.geometry.type === 'Polygon' ? (f.geometry.coordinates[0] ?? []) : [],
        })),
      ),
    [shapes],
  );
  return (
    <section className="bulk-preview" data-testid="bulk-preview" data-shapes={shapes.length}>
      <Typography.Text strong>{s.preview}</Typography.Text>{' '}
      <Typography.Text type="secondary">{s.previewHint}</Typography.Text>
      <svg
        className="bulk-preview-map"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="xMidYMid meet"
        role="img"
        aria-label={s.preview}
      >
        {drawn.map((p, i) => (
          <path
            key={i}
            d={p.d}
            fill={COLOUR}
            fillOpacity={0.2}
            stroke={COLOUR}
            strokeWidth={2}
            data-testid="bulk-preview-shape"
          >
            <title>{p.name}</title>
          </path>
        ))}
      </svg>
    </section>
  );
}
