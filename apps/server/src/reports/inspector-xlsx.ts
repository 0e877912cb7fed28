import type { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import {
  DEVICE_INSPECTOR_COLUMNS,
  deviceInspectorRows,
  VEHICLE_INSPECTOR_COLUMNS,
  vehicleInspectorRows,
  type DeviceLog,
  type VehicleLog,
} from '@jejak/contract';
import { buildTableWorkbook, exportFileName, tableStream, workbookStream, type ExcelJSModule } from './xlsx-table.ts';

/* The Device and Vehicle Inspector exports (spec 3 §2): the screens' rows, in their words, one sheet each. */

/** {kind}-{name}-{first day}.xlsx, the day in the console's zone. */
export function inspectorFileName(kind: 'device-log' | 'vehicle-log', name: string, startMs: number, timeZone: string) {
  return exportFileName(kind, name, kind === 'device-log' ? 'device' : 'vehicle', startMs, timeZone);
}

const DEVICE_WIDTHS: Partial<Record<(typeof DEVICE_INSPECTOR_COLUMNS)[number]['key'], number>> = {
  devicePackage: 22,
  gpsStatus: 14,
  acc: 8,
  speed: 10,
  direction: 10,
  fuel: 10,
  extra: 48,
};

/** The Device Inspector's columns and their widths in a sheet. */
export const DEVICE_LOG_XLSX_COLUMNS = DEVICE_INSPECTOR_COLUMNS.map((c) => ({
  ...c,
  width: DEVICE_WIDTHS[c.key] ?? 22,
}));

function buildDeviceLogWorkbook(excel: ExcelJSModule, logs: readonly DeviceLog[], timeZone: string): ExcelJS.Workbook {
  const rows = deviceInspectorRows(logs, timeZone);
  const workbook = buildTableWorkbook(excel, 'Device Logs', DEVICE_LOG_XLSX_COLUMNS, rows);
  // Location links to the map as on the screen.
  const sheet = workbook.worksheets[0];
  const column = DEVICE_INSPECTOR_COLUMNS.findIndex((c) => c.key === 'location') + 1;
  rows.forEach((row, i) => {
    if (!sheet || row.mapUrl === null || row.location === null) return;
    sheet.getRow(i + 2).getCell(column).value = { text: String(row.location), hyperlink: row.mapUrl };
  });
  return workbook;
}

export function deviceLogStream(logs: readonly DeviceLog[], timeZone: string): Readable {
  return workbookStream((excel) => buildDeviceLogWorkbook(excel, logs, timeZone));
}

export function vehicleLogStream(logs: readonly VehicleLog[], timeZone: string): Readable {
  const columns = VEHICLE_INSPECTOR_COLUMNS.map((c) => ({ ...c, width: c.key === 'address' ? 40 : 20 }));
  return tableStream('Vehicle Logs', columns, vehicleInspectorRows(logs, timeZone));
}
