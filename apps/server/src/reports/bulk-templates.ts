import type { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { workbookStream } from './xlsx-table.ts';
import {
  BULK_EXAMPLES,
  BULK_GEOFENCE_TYPES,
  BULK_MAX_ROWS,
  DEVICE_MODELS,
  deviceColumns,
  geofenceColumns,
  VEHICLE_TYPES,
  vehicleColumns,
  type BulkKind,
} from '@jejak/contract';
import { MAX_POI_RADIUS_M } from '@jejak/domain';

/*
 * The .xlsx templates of the bulk upload dialog (spec 2 §2, spec 1 §9): the columns the dialog
 * looks for, a header row, example rows that pass every rule, and drop-down lists for the device
 * model, the vehicle type and the geofence type on every row the dialog takes. IMEI and SIM
 * columns are formatted as text, so Excel keeps '+6…' and long IMEIs as typed instead of turning
 * them into numbers; a geofence's centre and radius are written as numbers.
 */

export const BULK_TEMPLATE_FILES: Readonly<Record<BulkKind, string>> = {
  device: 'bulk-add-device.xlsx',
  vehicle: 'bulk-create-vehicle.xlsx',
  geofence: 'bulk-add-geofence.xlsx',
};

const SHEET_NAMES: Readonly<Record<BulkKind, string>> = {
  device: 'Devices',
  vehicle: 'Vehicles',
  geofence: 'Geofences',
};
/** Keys whose column holds text that looks like a number. */
const TEXT_KEYS = new Set(['imei', 'simCard', 'vehiclePlate', 'zonePoints']);
/** Keys whose example is a number, so Excel does not flag it as a number stored as text. */
const NUMBER_KEYS = new Set(['latitude', 'longitude', 'radiusM']);
/** How to fill the geofence columns whose form is not obvious, as notes on their header cells. */
const HEADER_NOTES: Readonly<Record<string, string>> = {
  geoType: 'POI (a circle: Latitude, Longitude, Radius) or Zone (a polygon: Zone Points).',
  radiusM: `POI only: metres, above 0 and at most ${MAX_POI_RADIUS_M}.`,
  zonePoints: 'Zone only: its corners in order around it, "lat lon; lat lon; lat lon" (at least 3).',
  templates: 'Optional: geofence template names separated by ";". Empty: UNGROUP.',
};
/** Zone Points and comments are long: their columns are wider. */
const WIDE_KEYS = new Set(['zonePoints', 'geofenceComment']);
/** A column fits its header and its examples (Excel's width is in characters), within reason. */
const widthOf = (key: string, label: string, examples: readonly Readonly<Record<string, string>>[]) =>
  Math.min(
    80,
    Math.max(WIDE_KEYS.has(key) ? 40 : 16, label.length + 4, ...examples.map((e) => (e[key] ?? '').length + 2)),
  );
/** The drop-down of each column that has one; Excel caps a list formula at 255 characters. */
const LISTS: Readonly<Record<string, readonly string[]>> = {
  model: DEVICE_MODELS,
  vehicleType: VEHICLE_TYPES,
  geoType: BULK_GEOFENCE_TYPES,
};

function columnsOf(kind: BulkKind): { key: string; label: string }[] {
  // The rules need no context here: only keys and labels are written.
  switch (kind) {
    case 'device':
      return deviceColumns({ simsInUse: new Set(), imeisInUse: new Set() });
    case 'vehicle':
      return vehicleColumns({ devices: [], platesInUse: new Set() });
    case 'geofence':
      return geofenceColumns({ geofenceNames: [], templates: [] });
  }
}

const exampleCell = (key: string, value: string) => (NUMBER_KEYS.has(key) && value !== '' ? Number(value) : value);

function buildBulkTemplate(excel: typeof ExcelJS, kind: BulkKind): ExcelJS.Workbook {
  const workbook = new excel.Workbook();
  workbook.creator = 'Jejak';
  const sheet = workbook.addWorksheet(SHEET_NAMES[kind], { views: [{ state: 'frozen', ySplit: 1 }] });
  const columns = columnsOf(kind);
  const examples: readonly Readonly<Record<string, string>>[] = BULK_EXAMPLES[kind];
  sheet.columns = columns.map((c) => ({
    header: c.label,
    key: c.key,
    width: widthOf(c.key, c.label, examples),
    style: TEXT_KEYS.has(c.key) ? { numFmt: '@' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  columns.forEach((c, i) => {
    const note = HEADER_NOTES[c.key];
    if (note) sheet.getRow(1).getCell(i + 1).note = note;
  });
  for (const example of examples)
    sheet.addRow(Object.fromEntries(columns.map((c) => [c.key, exampleCell(c.key, example[c.key] ?? '')])));
  for (const [key, options] of Object.entries(LISTS)) {
    const column = columns.findIndex((c) => c.key === key);
    if (column < 0) continue;
    const letter = sheet.getColumn(column + 1).letter;
    // Alike validations are written as one range (exceljs squeezes them), not one per cell.
    for (let row = 2; row <= BULK_MAX_ROWS + 1; row++)
      sheet.getCell(`${letter}${row}`).dataValidation = {
        type: 'list',
        allowBlank: true,
        formulae: [`"${options.join(',')}"`],
        showErrorMessage: true,
        errorTitle: 'Not in the list',
        error: `Choose one of ${options.join(', ')}`,
      };
  }
  return workbook;
}

/** The template as a stream of .xlsx bytes. */
export function bulkTemplateStream(kind: BulkKind): Readable {
  return workbookStream((excel) => buildBulkTemplate(excel, kind));
}
