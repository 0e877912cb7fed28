import PDFDocument from 'pdfkit';
import { TRANSIT_TEXTS, type TransitRecord } from '@jejak/contract';
import {
  STATUS_COLOURS,
  TRANSIT_STATUSES,
  displayStatus,
  formatDuration,
  totalIdleDuration,
  type LatLon,
  type TransitStatus,
} from '@jejak/domain';
import { safeFilePart } from './xlsx-table.ts';
import { STATUS_LABELS, printable, reportDateTime, reportKm, reportKmh } from './transit-pdf-format.ts';
import { drawRoute, type RouteDrawing } from './transit-pdf-route.ts';
import { INK, MUTED, RULE, TABLE_WIDTH, drawTransitTable } from './transit-pdf-table.ts';

/*
 * The Transit PDF (spec 1 §2, issue 13): a header naming the vehicle and the window, a summary of
 * its transit records, a drawing of its route and the table of records. Pure but for pdfkit:
 * everything, the clock included, comes in.
 */

/** Rows the table lists at most; the summary still counts them all. */
export const MAX_LISTED_RECORDS = 2000;

export interface TransitPdfInput {
  vehicle: { displayName: string; plate: string; owner: string | null };
  startTime: number;
  endTime: number;
  /** The statuses asked for; all four when the request names none. */
  statuses: readonly TransitStatus[];
  /** Every transit record of the window: the table and summary keep the asked statuses. */
  records: readonly TransitRecord[];
  route: Omit<RouteDrawing, 'parkings'>;
  generatedAt: number;
  /** The zone its times are written in: the server's (JEJAK_TIME_ZONE). */
  timeZone: string;
}

const MARGIN = 40;
const PAGE_WIDTH = 841.89; // A4 landscape, in points
const SECTION_TOP = 116;
const SUMMARY_WIDTH = 250;
/** Where page 1 draws the route, in points from its top left corner. */
export const ROUTE_BOX = {
  x: MARGIN + SUMMARY_WIDTH + 24,
  y: SECTION_TOP + 18,
  width: PAGE_WIDTH - 2 * MARGIN - SUMMARY_WIDTH - 24,
  height: 218,
};
const ACCENT = `#${STATUS_COLOURS.PARKING}`;

/** transit-{plate}-{first day}, safe characters only; the console adds '.pdf'. */
export function transitPdfName(plate: string, startTime: number, timeZone: string): string {
  return `transit-${safeFilePart(plate, 'vehicle')}-${reportDateTime(startTime, timeZone).slice(0, 10)}`;
}

function header(doc: PDFKit.PDFDocument, input: TransitPdfInput): void {
  const right = doc.page.width - MARGIN;
  const width = right - MARGIN;
  doc.rect(0, 0, doc.page.width, 6).fill(ACCENT);
  doc.font('Helvetica-Bold').fontSize(10).fillColor(ACCENT).text('JEJAK', MARGIN, 26, { characterSpacing: 2 });
  doc.font('Helvetica-Bold').fontSize(20).fillColor(INK).text('Transit Report', MARGIN, 40);
  const { displayName, plate, owner } = input.vehicle;
  doc.font('Helvetica-Bold').fontSize(13).text(printable(displayName, 60), MARGIN, 26, { width, align: 'right' });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  doc.text(`Plate ${printable(plate, 40)}`, MARGIN, 44, { width, align: 'right' });
  if (owner) doc.text(`Owner ${printable(owner, 60)}`, MARGIN, 56, { width, align: 'right' });
  doc.moveTo(MARGIN, 74).lineTo(right, 74).lineWidth(0.8).strokeColor(RULE).stroke();
  const statuses =
    input.statuses.length === TRANSIT_STATUSES.length ? 'All' : input.statuses.map((s) => STATUS_LABELS[s]).join(', ');
  const facts: [string, string][] = [
    [
      'Period',
      `${reportDateTime(input.startTime, input.timeZone)}  to  ${reportDateTime(input.endTime, input.timeZone)}`,
    ],
    ['Time zone', input.timeZone],
    ['Statuses', statuses],
    ['Generated at', reportDateTime(input.generatedAt, input.timeZone)],
  ];
  const columns = [250, 130, 170, 150];
  let x = MARGIN;
  facts.forEach(([label, value], i) => {
    doc.font('Helvetica').fontSize(7).fillColor(MUTED).text(label.toUpperCase(), x, 82, { characterSpacing: 0.5 });
    doc.font('Helvetica').fontSize(9).fillColor(INK).text(value, x, 92, { lineBreak: false });
    x += columns[i] ?? 0;
  });
}

function sectionTitle(doc: PDFKit.PDFDocument, text: string, x: number, y: number): void {
  doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text(text, x, y, { lineBreak: false });
}

function summary(doc: PDFKit.PDFDocument, records: readonly TransitRecord[], top: number, width: number): void {
  sectionTitle(doc, 'Summary', MARGIN, top);
  const byStatus = (s: TransitStatus) => records.filter((r) => displayStatus(r.transitStatus) === s);
  const sum = (rs: readonly TransitRecord[], f: (r: TransitRecord) => number) => rs.reduce((t, r) => t + f(r), 0);
  const moving = byStatus('MOVING');
  let y = top + 20;
  const row = (label: string, value: string, dot?: string) => {
    if (dot) doc.circle(MARGIN + 4, y + 4, 3.5).fill(dot);
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(label, MARGIN + (dot ? 13 : 0), y, { lineBreak: false });
    doc.font('Helvetica-Bold').fillColor(INK).text(value, MARGIN, y, { width, align: 'right', lineBreak: false });
    y += 16;
    doc
      .moveTo(MARGIN, y - 4.5)
      .lineTo(MARGIN + width, y - 4)
      .lineWidth(0.4)
      .strokeColor(RULE)
      .stroke();
  };
  row('Transit records', String(records.length));
  for (const s of TRANSIT_STATUSES) {
    const rs = byStatus(s);
    const count = `${rs.length} ${rs.length === 1 ? 'record' : 'records'}`;
    row(STATUS_LABELS[s], `${count} · ${formatDuration(sum(rs, (r) => r.duration))}`, `#${STATUS_COLOURS[s]}`);
  }
  row('Total idle time', formatDuration(totalIdleDuration(records)));
  row('Total distance', reportKm(sum(records, (r) => r.totalMileage)));
  row('Top speed', reportKmh(Math.max(0, ...records.map((r) => r.topSpeed))));
  const movingMs = sum(moving, (r) => r.duration);
  const avg = movingMs > 0 ? sum(moving, (r) => r.avgSpeed * r.duration) / movingMs : 0;
  row('Average moving speed', reportKmh(avg));
  row('Fuel used', `${sum(records, (r) => r.totalFuel).toFixed(2)} L`);
}

function footers(doc: PDFKit.PDFDocument, input: TransitPdfInput): void {
  const { start, count } = doc.bufferedPageRange();
  const label = `Jejak · Transit Report · ${printable(input.vehicle.displayName, 60)} (${printable(input.vehicle.plate, 40)})`;
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - 28;
    doc.page.margins.bottom = 0; // writing below the margin would start a page
    doc
      .moveTo(MARGIN, y - 6)
      .lineTo(doc.page.width - MARGIN, y - 6)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.font('Helvetica').fontSize(7).fillColor(MUTED).text(label, MARGIN, y, { lineBreak: false });
    doc.text(`Page ${i - start + 1} of ${count}`, MARGIN, y, { width: doc.page.width - 2 * MARGIN, align: 'right' });
  }
}

function recordsSection(
  doc: PDFKit.PDFDocument,
  records: readonly TransitRecord[],
  top: number,
  timeZone: string,
): void {
  sectionTitle(doc, `Transit records (${records.length})`, MARGIN, top);
  const bottom = doc.page.height - 46;
  if (records.length === 0) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(TRANSIT_TEXTS.none, MARGIN, top + 20);
    return;
  }
  const listed = records.slice(0, MAX_LISTED_RECORDS);
  const newPage = () => doc.addPage().y;
  const y = drawTransitTable(doc, listed, top + 18, { left: MARGIN, bottom, newPage }, timeZone);
  const left = records.length - listed.length;
  if (left > 0) {
    const note = `${left.toLocaleString('en-US')} more records in this window are not listed (the report lists the first ${MAX_LISTED_RECORDS.toLocaleString('en-US')}).`;
    const at = y + 20 > bottom ? newPage() : y + 6;
    doc.font('Helvetica-Oblique').fontSize(8).fillColor(MUTED).text(note, MARGIN, at, { width: TABLE_WIDTH });
  }
}

/** The report as PDF bytes. */
export async function buildTransitPdf(input: TransitPdfInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: { top: 36, bottom: 36, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: `Transit Report ${printable(input.vehicle.plate, 40)}`,
      Author: 'Jejak',
      CreationDate: new Date(input.generatedAt),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const wanted = new Set(input.statuses);
  const records = input.records.filter((r) => wanted.has(displayStatus(r.transitStatus)));
  const parkings: LatLon[] = input.records
    .filter((r) => displayStatus(r.transitStatus) === 'PARKING')
    .map((r) => r.startLocation);

  header(doc, input);
  summary(doc, records, SECTION_TOP, SUMMARY_WIDTH);
  sectionTitle(doc, 'Route', ROUTE_BOX.x, SECTION_TOP);
  drawRoute(doc, ROUTE_BOX, { ...input.route, parkings });
  recordsSection(doc, records, ROUTE_BOX.y + ROUTE_BOX.height + 26, input.timeZone);
  footers(doc, input);
  doc.end();
  return done;
}
