import type { GeofencePoint } from '@jejak/domain';
import { useEffect, useRef } from 'react';
import { TerraDraw, TerraDrawPointMode, TerraDrawPolygonMode, TerraDrawSelectMode, type HexColor } from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import { isMapRemoved, useMap } from '../map-context.ts';
import { pointsOfGeometry, shapeFeature, SHAPE_ID, type DrawShape } from './draw-shape.ts';
import { pointStyles, polygonStyles, selectStyles } from './draw-styles.ts';

/** Editing a drawn shape: drag the marker; drag a zone's corners, add them at midpoints, move it whole. */
const SELECT_FLAGS = {
  point: { feature: { draggable: true } },
  polygon: {
    feature: { draggable: true, coordinates: { draggable: true, midpoints: true, deletable: true } },
  },
};

interface GeofenceDrawToolProps {
  shape: DrawShape;
  /** The shape to edit from the start (an edit, or a POI placed by a link); null opens the drawing tool. Read at mount: remount (a new key) to redraw. */
  initial: readonly GeofencePoint[] | null;
  /** '#RRGGBB' */
  colour: HexColor;
  /** False for a role that may only look: the shape is shown, nothing can be drawn or moved. */
  editable?: boolean;
  /** The shape's coordinates whenever a drawing finishes or the shape is edited. */
  onChange: (points: GeofencePoint[]) => void;
  /** Whether the drawing tool (not the editing) is on: false once a marker or polygon is drawn. */
  onDrawing?: (drawing: boolean) => void;
}

/**
 * The drawing tool of the geofence forms (spec 1 §2 "Geofence maps"), on terra-draw (ADR 0054):
 * a marker for a POI, a polygon for a zone. Once one is drawn the drawing tool switches off and
 * the shape stays selected for editing, so it can be dragged, or its corners moved.
 */
export function GeofenceDrawTool({
  shape,
  initial,
  colour,
  editable = true,
  onChange,
  onDrawing,
}: GeofenceDrawToolProps) {
  const map = useMap();
  const drawRef = useRef<TerraDraw | null>(null);
  const initialRef = useRef(initial);
  const editableRef = useRef(editable);
  const colourRef = useRef(colour);
  const onChangeRef = useRef(onChange);
  const onDrawingRef = useRef(onDrawing);
  useEffect(() => {
    onChangeRef.current = onChange;
    onDrawingRef.current = onDrawing;
  });

  useEffect(() => {
    const c = colourRef.current;
    const draw = new TerraDraw({
      adapter: new TerraDrawMapLibreGLAdapter({ map, prefixId: 'geofence-draw' }),
      modes: [
        new TerraDrawPointMode({ styles: pointStyles(c) }),
        new TerraDrawPolygonMode({ styles: polygonStyles(c) }),
        new TerraDrawSelectMode({
          flags: SELECT_FLAGS,
          allowManualDeselection: false,
          allowManualSelection: editableRef.current,
          styles: selectStyles(c),
        }),
      ],
    });
    draw.start();
    drawRef.current = draw;

    // The drawn shape; the other features in the store are guidance (handles, midpoints).
    let shapeId: string | number | null = null;
    const edit = (id: string | number) => {
      shapeId = id;
      draw.setMode('select');
      draw.selectFeature(id);
      onDrawingRef.current?.(false);
    };
    const report = (id: string | number) => {
      const feature = draw.getSnapshotFeature(id);
      const points = feature ? pointsOfGeometry(feature.geometry) : null;
      if (points) onChangeRef.current(points);
    };

    const start = initialRef.current ? shapeFeature(shape, initialRef.current) : null;
    const [added] = start ? draw.addFeatures([start]) : [];
    if (!editableRef.current) draw.setMode('select');
    else if (added?.valid) edit(SHAPE_ID);
    else {
      draw.setMode(shape);
      onDrawingRef.current?.(true);
    }

    draw.on('finish', (id, context) => {
      report(id);
      // The tool switches off after one marker or polygon (spec 1 §2); editing takes over.
      if (context.action === 'draw') edit(id);
    });
    // A marker or corner being dragged: the circle and the form follow it as it moves.
    draw.on('change', (ids, type) => {
      if (type === 'update' && shapeId !== null && ids.includes(shapeId)) report(shapeId);
    });

    return () => {
      drawRef.current = null;
      if (!isMapRemoved(map)) draw.stop();
    };
  }, [map, shape]);

  useEffect(() => {
    const draw = drawRef.current;
    if (!draw || colourRef.current === colour) return;
    colourRef.current = colour;
    draw.setModeStyles('point', pointStyles(colour));
    draw.setModeStyles('polygon', polygonStyles(colour));
    draw.setModeStyles('select', selectStyles(colour));
  }, [colour]);

  return null;
}
