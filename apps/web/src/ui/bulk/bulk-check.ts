import {
  bulkMissingColumn,
  deviceColumns,
  geofenceColumns,
  geofenceRowRule,
  MANAGEMENT_TEXTS,
  vehicleColumns,
  type BulkDeviceChoice,
  type BulkKind,
  type FeatureProblem,
  type GeofenceDto,
  type GeofenceTemplateDto,
  type ManagedDevice,
  type ManagedVehicle,
} from '@jejak/contract';
import {
  checkRows,
  matchHeader,
  type BulkColumn,
  type BulkRowRule,
  type BulkRowStatus,
  type SheetRow,
} from '@jejak/domain';
import type { Strings } from '../../i18n/en.ts';
import type { ReadOutcome } from './read-file.ts';
import type { ReadRow } from './sheet/read-sheet.ts';

/*
 * From a read sheet to the dialog's rows (spec 2 §5): the header must hold every required
 * column, the sheet at least one row, and each row passes its columns' rules (and a geofence
 * row its shape rule) or is FAILED.
 */

export interface BulkRow {
  rowNumber: number;
  values: Readonly<Record<string, string>>;
  status: BulkRowStatus;
  /** Why it failed, the warning it carries, or the server's message after upload. */
  message: string | null;
}

export type BulkCheck =
  { ok: true; columns: readonly { key: string; label: string }[]; rows: BulkRow[] } | { ok: false; message: string };

/** What the rows are checked against: the devices, vehicles or geofences the user reaches. */
export interface BulkContext {
  uid: string;
  devices: readonly ManagedDevice[];
  vehicles: readonly ManagedVehicle[];
  geofences: readonly GeofenceDto[];
  templates: readonly GeofenceTemplateDto[];
}

/** Devices a vehicle row may name: the target user's own (the server refuses another's). */
export function deviceChoices(ctx: BulkContext): BulkDeviceChoice[] {
  return ctx.devices
    .filter((d) => d.uid === ctx.uid)
    .map((d) => ({ dvid: d.dvid, imei: d.imei, assigned: d.assignedStatus === 1 }));
}

export function columnsFor(kind: BulkKind, ctx: BulkContext): BulkColumn<string>[] {
  switch (kind) {
    case 'device':
      return deviceColumns({
        simsInUse: new Set(ctx.devices.map((d) => d.simCard).filter((s) => s !== '')),
        imeisInUse: new Set(ctx.devices.map((d) => d.imei)),
      });
    case 'vehicle':
      return vehicleColumns({
        devices: deviceChoices(ctx),
        platesInUse: new Set(ctx.vehicles.filter((v) => v.uid === ctx.uid).map((v) => v.vehiclePlate)),
      });
    case 'geofence':
      return geofenceColumns({ geofenceNames: ctx.geofences.map((g) => g.geofenceName), templates: ctx.templates });
  }
}

const rowRuleFor = (kind: BulkKind): BulkRowRule<string> | undefined =>
  kind === 'geofence' ? geofenceRowRule : undefined;

export function checkSheet(
  kind: BulkKind,
  ctx: BulkContext,
  sheet: ReadOutcome,
  s: Strings['bulk'],
  gi: Strings['geofenceImport'],
): BulkCheck {
  if (!sheet.ok)
    return {
      ok: false,
      message:
        sheet.error in s.fileErrors
          ? s.fileErrors[sheet.error as keyof typeof s.fileErrors]
          : gi.fileErrors[sheet.error as keyof typeof gi.fileErrors],
    };
  const columns = columnsFor(kind, ctx);
  const header = matchHeader(columns, sheet.header);
  if (!header.ok) return { ok: false, message: bulkMissingColumn(header.missing, header.schema) };
  if (sheet.rows.length === 0) return { ok: false, message: MANAGEMENT_TEXTS.bulkNoRows };
  const checked = checkRows(
    columns,
    header.indexes,
    sheet.rows.map((r) => sheetRow(r, s, gi, header.indexes['geoType'] ?? null)),
    rowRuleFor(kind),
  );
  return {
    ok: true,
    columns: columns.map((c) => ({ key: c.key, label: c.label })),
    rows: checked.map((r) => ({ rowNumber: r.rowNumber, values: r.values, status: r.status, message: r.message })),
  };
}

/** Why a map file's feature cannot be a geofence, in the user's language. */
function featureMessage(problem: FeatureProblem, gi: Strings['geofenceImport']): string {
  return problem.code === 'geometry' ? gi.featureErrors.geometry(problem.geometry) : gi.featureErrors[problem.code];
}

function sheetRow(row: ReadRow, s: Strings['bulk'], gi: Strings['geofenceImport'], typeAt: number | null): SheetRow {
  const problems: Record<number, string> = {};
  // A feature no geofence can hold fails its row at its Type, the cell its shape decides.
  if (row.feature && typeAt !== null) problems[typeAt] = featureMessage(row.feature, gi);
  for (const [at, p] of Object.entries(row.problems))
    problems[Number(at)] =
      p.code === 'date'
        ? s.cellErrors.date(p.ref)
        : p.code === 'error'
          ? s.cellErrors.error(p.ref, p.detail)
          : s.cellErrors.formula(p.ref);
  return { rowNumber: row.rowNumber, cells: row.cells, problems };
}
