import { STATUS_COLOURS, type LatLon } from '@jejak/domain';
import { fitToBox, roundScaleKm, simplifyPolyline, type Box, type Pt } from './route-geometry.ts';
import { INK, MUTED, RULE } from './transit-pdf-table.ts';

/* The Transit PDF's drawing of the route: no map tiles (the server may have no network), just the
 * track scaled into a box with its start, end and parkings marked, a scale bar and north. */

/** Points the polyline keeps at most, however long the window. */
export const MAX_DRAWN_POINTS = 2000;

const ROUTE_RED = '#d64545'; // spec 1 §9: a normal trip path is red
const START_GREEN = `#${STATUS_COLOURS.MOVING}`;
const PARKING_BLUE = `#${STATUS_COLOURS.PARKING}`;

export interface RouteDrawing {
  points: readonly LatLon[];
  /** Fixes the window holds (the points may be a sample of them). */
  total: number;
  parkings: readonly LatLon[];
}

function mark(doc: PDFKit.PDFDocument, at: Pt, colour: string, letter: string): void {
  doc.circle(at.x, at.y, 6).lineWidth(1.2).fillAndStroke(colour, '#ffffff');
  doc.font('Helvetica-Bold').fontSize(6.5).fillColor('#ffffff');
  doc.text(letter, at.x - 6, at.y - 2.6, { width: 12, align: 'center', lineBreak: false });
}

function scaleBar(doc: PDFKit.PDFDocument, box: Box, kmPerUnit: number): void {
  const km = roundScaleKm(kmPerUnit * box.width * 0.25);
  if (km <= 0) return;
  const length = km / kmPerUnit;
  const x = box.x + 10;
  const y = box.y + box.height - 12;
  doc
    .lineWidth(1.5)
    .strokeColor(INK)
    .moveTo(x, y)
    .lineTo(x + length, y)
    .stroke();
  doc
    .lineWidth(1)
    .moveTo(x, y - 3)
    .lineTo(x, y + 1)
    .moveTo(x + length, y - 3)
    .lineTo(x + length, y + 1)
    .stroke();
  doc.font('Helvetica').fontSize(7).fillColor(INK);
  const label = km >= 1 ? `${km} km` : `${Math.round(km * 1000)} m`;
  doc.text(label, x + length + 4, y - 3.5, { lineBreak: false });
}

function northArrow(doc: PDFKit.PDFDocument, box: Box): void {
  const x = box.x + box.width - 16;
  const y = box.y + 10;
  doc.polygon([x, y], [x + 4, y + 10], [x, y + 8], [x - 4, y + 10]).fill(INK);
  doc.font('Helvetica-Bold').fontSize(7).fillColor(INK);
  doc.text('N', x - 5, y + 12, { width: 10, align: 'center', lineBreak: false });
}

function legend(doc: PDFKit.PDFDocument, box: Box, route: RouteDrawing): void {
  const y = box.y + box.height + 5;
  let x = box.x;
  doc.font('Helvetica').fontSize(7);
  const item = (draw: () => void, label: string) => {
    draw();
    doc.fillColor(MUTED).text(label, x + 12, y, { lineBreak: false });
    x += 12 + doc.widthOfString(label) + 14;
  };
  item(
    () =>
      doc
        .lineWidth(2)
        .strokeColor(ROUTE_RED)
        .moveTo(x, y + 3)
        .lineTo(x + 9, y + 3)
        .stroke(),
    'Route',
  );
  item(() => doc.circle(x + 4, y + 3, 3.5).fill(START_GREEN), 'Start');
  item(() => doc.circle(x + 4, y + 3, 3.5).fill(INK), 'End');
  item(() => doc.circle(x + 4, y + 3, 3.5).fill(PARKING_BLUE), 'Parking');
  const drawn = `${route.total.toLocaleString('en-US')} positions`;
  doc.fillColor(MUTED).text(drawn, box.x, y, { width: box.width, align: 'right', lineBreak: false });
}

/** Draws the route in the box, with its legend just below it. */
export function drawRoute(doc: PDFKit.PDFDocument, box: Box, route: RouteDrawing): void {
  doc.rect(box.x, box.y, box.width, box.height).fillAndStroke('#f7f9fb', RULE);
  const fit = fitToBox([...route.points, ...route.parkings], box, 22);
  legend(doc, box, route);
  if (!fit) {
    doc.font('Helvetica').fontSize(9).fillColor(MUTED);
    doc.text('No positions in this window', box.x, box.y + box.height / 2 - 5, { width: box.width, align: 'center' });
    return;
  }
  const line = simplifyPolyline(route.points.map(fit.project), MAX_DRAWN_POINTS);
  const [first, ...rest] = line;
  if (first && rest.length > 0) {
    doc.save().lineWidth(1.8).lineJoin('round').lineCap('round').strokeColor(ROUTE_RED);
    doc.moveTo(first.x, first.y);
    for (const p of rest) doc.lineTo(p.x, p.y);
    doc.stroke().restore();
  }
  for (const p of route.parkings) mark(doc, fit.project(p), PARKING_BLUE, 'P');
  const start = route.points[0];
  const end = route.points.at(-1);
  if (end) mark(doc, fit.project(end), INK, 'E');
  if (start) mark(doc, fit.project(start), START_GREEN, 'S');
  scaleBar(doc, box, fit.kmPerUnit);
  northArrow(doc, box);
}
