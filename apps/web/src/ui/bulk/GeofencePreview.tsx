import { geofenceRowRequest } from '@jejak/contract';
import { Typography } from 'antd';
import { useMemo } from 'react';
import { useStrings } from '../../i18n/strings.ts';
import { MapView } from '../../map/MapView.tsx';
import { NavigationControl } from '../../map/controls/NavigationControl.tsx';
import type { DrawableGeofence } from '../../map/layers/geofence-features.ts';
import { ShapesPreviewLayer } from '../../map/layers/ShapesPreviewLayer.tsx';
import type { BulkRow } from './bulk-check.ts';

/** The shapes of the rows that passed (a FAILED row may have none), as /geofence/add will get them. */
export function previewShapes(rows: readonly BulkRow[], uid: string): DrawableGeofence[] {
  return rows
    .filter((r) => r.status !== 'FAILED')
    .map((r) => {
      const { geofence } = geofenceRowRequest(r.values, uid, []);
      return { ...geofence, geoid: `row-${r.rowNumber}` };
    });
}

/** The bulk geofence dialog's map preview: every row's zone or POI circle, the map fitted to them. */
export function GeofencePreview({ rows, uid }: { rows: readonly BulkRow[]; uid: string }) {
  const s = useStrings().geofenceImport;
  const shapes = useMemo(() => previewShapes(rows, uid), [rows, uid]);
  return (
    <section className="bulk-preview" data-testid="bulk-preview" data-shapes={shapes.length}>
      <Typography.Text strong>{s.preview}</Typography.Text>{' '}
      <Typography.Text type="secondary">{s.previewHint}</Typography.Text>
      <div className="bulk-preview-map">
        <MapView>
          <NavigationControl />
          <ShapesPreviewLayer shapes={shapes} />
        </MapView>
      </div>
    </section>
  );
}
