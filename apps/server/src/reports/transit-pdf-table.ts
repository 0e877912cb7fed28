import type { TransitRecord } from '@jejak/contract';
import { STATUS_COLOURS, displayStatus, formatDuration } from '@jejak/domain';
import { STATUS_LABELS, printable, reportDateTime, reportKm, reportKmh } from './transit-pdf-format.ts';

/* The Transit PDF's table of transit records: rows grow to fit wrapped addresses; it breaks across pages with its header row repeated. */

export const INK = '#1f2933';
export const MUTED = '#616e7c';
export const RULE = '#d9dee5';
const HEAD_FILL = '#243b53';
const STRIPE = '#f3f5f8';
const FONT_SIZE = 7.5;
const PAD = 4;

interface Column {
  label: string;
  width: number;
  align?: 'right';
  /** Room left of the text (the status column's coloured dot). */
  indent?: number;
  cell: (r: TransitRecord, n: number, timeZone: string) => string;
}

const ADDRESS_WIDTH = 167;
const COLUMNS: Column[] = [
  { label: '#', width: 26, align: 'right', cell: (_, n) => String(n) },
  {
    label: 'Status',
    width: 64,
    indent: 10,
    cell: (r) => STATUS_LABELS[displayStatus(r.transitStatus)] + (r.underWay ? ' (under way)' : ''),
  },
  { label: 'Start', width: 60, cell: (r, _, zone) => reportDateTime(r.startTime, zone) },
  { label: 'End', width: 60, cell: (r, _, zone) => reportDateTime(r.endTime, zone) },
  { label: 'Duration', width: 62, cell: (r) => formatDuration(r.duration) },
  { label: 'Distance', width: 52, align: 'right', cell: (r) => reportKm(r.totalMileage) },
  { label: 'Top speed', width: 52, align: 'right', cell: (r) => reportKmh(r.topSpeed) },
  { label: 'Avg speed', width: 52, align: 'right', cell: (r) => reportKmh(r.avgSpeed) },
  { label: 'Start address', width: ADDRESS_WIDTH, cell: (r) => printable(r.startAddress ?? '-') },
  { label: 'End address', width: ADDRESS_WIDTH, cell: (r) => printable(r.endAddress ?? '-') },
];
export const TABLE_WIDTH = COLUMNS.reduce((sum, c) => sum + c.width, 0);

export interface TablePages {
  left: number;
  /** Lowest y a row may reach on any page. */
  bottom: number;
  /** Starts a page and answers where the table continues on it. */
  newPage: () => number;
}

function rowHeight(doc: PDFKit.PDFDocument, cells: readonly string[]): number {
  let height = 0;
  COLUMNS.forEach((c, i) => {
    height = Math.max(height, doc.heightOfString(cells[i] ?? '', { width: c.width - 2 * PAD - (c.indent ?? 0) }));
  });
  return height + 2 * PAD;
}

function drawCells(doc: PDFKit.PDFDocument, cells: readonly string[], left: number, y: number): void {
  let x = left;
  COLUMNS.forEach((c, i) => {
    const indent = c.indent ?? 0;
    doc.text(cells[i] ?? '', x + PAD + indent, y + PAD, {
      width: c.width - 2 * PAD - indent,
      align: c.align ?? 'left',
    });
    x += c.width;
  });
}

function drawHeader(doc: PDFKit.PDFDocument, left: number, y: number): number {
  doc.font('Helvetica-Bold').fontSize(FONT_SIZE);
  const labels = COLUMNS.map((c) => c.label);
  const height = rowHeight(doc, labels);
  doc.rect(left, y, TABLE_WIDTH, height).fill(HEAD_FILL);
  doc.fillColor('#ffffff');
  drawCells(doc, labels, left, y);
  return y + height;
}

function drawRow(
  doc: PDFKit.PDFDocument,
  r: TransitRecord,
  cells: string[],
  at: { left: number; y: number; h: number },
) {
  const { left, y, h } = at;
  if (Number(cells[0]) % 2 === 0) doc.rect(left, y, TABLE_WIDTH, h).fill(STRIPE);
  doc
    .moveTo(left, y + h)
    .lineTo(left + TABLE_WIDTH, y + h)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  const statusX = left + (COLUMNS[0]?.width ?? 0);
  doc.circle(statusX + PAD + 3, y + PAD + 3.5, 3).fill(`#${STATUS_COLOURS[displayStatus(r.transitStatus)]}`);
  doc.font('Helvetica').fontSize(FONT_SIZE).fillColor(INK);
  drawCells(doc, cells, left, y);
}

/** Draws the records from `top` down, numbered from 1, starting pages as needed; answers the y below the table. */
export function drawTransitTable(
  doc: PDFKit.PDFDocument,
  records: readonly TransitRecord[],
  top: number,
  pages: TablePages,
  timeZone: string,
): number {
  let y = drawHeader(doc, pages.left, top);
  records.forEach((r, i) => {
    doc.font('Helvetica').fontSize(FONT_SIZE);
    const cells = COLUMNS.map((c) => c.cell(r, i + 1, timeZone));
    const h = rowHeight(doc, cells);
    if (y + h > pages.bottom) y = drawHeader(doc, pages.left, pages.newPage());
    drawRow(doc, r, cells, { left: pages.left, y, h });
    y += h;
  });
  return y;
}
