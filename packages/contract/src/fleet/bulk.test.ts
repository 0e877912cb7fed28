import { describe, expect, it } from 'vitest';
import { checkRows, matchHeader, type SheetRow } from '@jejak/domain';
import {
  BULK_EXAMPLES,
  BULK_TEXTS,
  deviceColumns,
  deviceRowRequest,
  vehicleColumns,
  vehicleRowRequest,
  type BulkDeviceChoice,
} from './bulk.ts';
import {
  AddDeviceRequestSchema,
  AddVehicleRequestSchema,
  BULK_DEVICE_ASSIGNED,
  bulkInvalidImei,
  MANAGEMENT_TEXTS,
} from './management.ts';
import { geofenceColumns, geofenceRowRule } from './bulk-geofence.ts';

const T = MANAGEMENT_TEXTS;
const rows = (...cells: string[][]): SheetRow[] => cells.map((c, i) => ({ rowNumber: i + 2, cells: c }));

describe('bulk add device rows (spec 2 §5)', () => {
  const columns = deviceColumns({ simsInUse: new Set(['+60111111111']), imeisInUse: new Set(['359000']) });
  const header = matchHeader(columns, ['IMEI', 'Model', 'SIM Card', 'Brand']);
  if (!header.ok) throw new Error('header');

  it.each([
    [['865205030001234', 'GPS100', '+60123456789', 'Concox'], 'READY', null],
    [['865205030001234', 'tel100', '+60123456789', ''], 'READY', null],
    [['865205030001234', 'GPS100', '', ''], 'FAILED', T.bulkSimEmpty],
    [['865205030001234', 'GPS100', '+60111111111', ''], 'FAILED', T.bulkSimInUse],
    [['865205030001234', 'GPS100', '6512345678', ''], 'FAILED', T.bulkSimCountry],
    [['865205030001234', 'GPS100', '+6012', ''], 'FAILED', T.simFormat],
    [['', 'GPS100', '+60123456789', ''], 'FAILED', T.deviceImeiEmpty],
    [['86520#5030', 'GPS100', '+60123456789', ''], 'FAILED', T.imeiFormat],
    [['359000', 'GPS100', '+60123456789', ''], 'FAILED', T.deviceExists],
    [['865205030001234', '', '+60123456789', ''], 'FAILED', T.deviceModelEmpty],
    [['865205030001234', 'GPS999', '+60123456789', ''], 'FAILED', T.modelUnknown],
    [['865205030001234', 'GPS100', '+60123456789', 'x'.repeat(61)], 'FAILED', BULK_TEXTS.brandLong],
    // The first failing column decides the message: IMEI before model before SIM.
    [['', '', '', ''], 'FAILED', T.deviceImeiEmpty],
  ])('%j → %s %s', (cells, status, message) => {
    expect(checkRows(columns, header.indexes, rows(cells))[0]).toMatchObject({ status, message });
  });

  it('fails the second row of a SIM or IMEI given twice in one file', () => {
    const checked = checkRows(
      columns,
      header.indexes,
      rows(['1001', 'GPS100', '+60123000001'], ['1002', 'GPS100', '+60123000001'], ['1001', 'GPS100', '+60123000003']),
    );
    expect(checked.map((r) => r.message)).toEqual([null, T.bulkSimInUse, BULK_TEXTS.imeiTwice]);
  });

  it('puts back the SIM a spreadsheet made a number of, or wrote the local way (issue 26)', () => {
    const checked = checkRows(
      columns,
      header.indexes,
      rows(
        ['865205030001001', 'GPS100', '60123456789'],
        ['865205030001002', 'GPS100', '012-345 6789'],
        ['865205030001003', 'GPS100', '+60 19-876 5432'],
        ['865205030001004', 'GPS100', '44123456789'],
      ),
    );
    expect(checked.map((r) => [r.status, r.values.simCard])).toEqual([
      ['READY', '+60123456789'],
      // The same number written twice: the second is refused as in use.
      ['FAILED', '+60123456789'],
      ['READY', '+60198765432'],
      ['FAILED', '44123456789'],
    ]);
    expect(checked[3]?.message).toBe(MANAGEMENT_TEXTS.bulkSimCountry);
  });

  it('says the IMEI message whole when no device is free', () => {
    expect(bulkInvalidImei([])).toBe('Invalid imei. Available devices are none: add the device first');
    expect(bulkInvalidImei(['111'])).toBe('Invalid imei. Available devices are 111');
  });

  it('makes a /device/add body the server schema takes, in the ALL device group', () => {
    const [row] = checkRows(columns, header.indexes, rows(['865205030001234', 'tel100', '+60123456789']));
    const body = deviceRowRequest(row!.values, 'u-1');
    expect(body).toEqual({
      dgid: null,
      device: { imei: '865205030001234', model: 'TEL100', simCard: '+60123456789', brand: '', uid: 'u-1' },
    });
    expect(AddDeviceRequestSchema.safeParse(body).success).toBe(true);
  });
});

describe('bulk create vehicle rows (spec 2 §5)', () => {
  const devices: BulkDeviceChoice[] = [
    { dvid: 'GPS100#111', imei: '111', assigned: false },
    { dvid: 'TEL100#222', imei: '222', assigned: true },
    { dvid: 'GPS100#333', imei: '333', assigned: false },
  ];
  const columns = vehicleColumns({ devices, platesInUse: new Set(['WXY 1']) });
  const header = matchHeader(columns, ['Display Name', 'Plate', 'IMEI', 'Vehicle Model', 'Vehicle Type']);
  if (!header.ok) throw new Error('header');

  it.each([
    [['Lorry', 'ABC 1', '111', 'Hino', 'Truck'], 'READY', null],
    [['Lorry', 'ABC 1', '', 'Hino', 'four wheel drive'], 'READY', null],
    [['', 'ABC 1', '', 'Hino', 'Truck'], 'FAILED', T.vehicleNameEmpty],
    [['Lorry', '', '', 'Hino', 'Truck'], 'FAILED', T.vehiclePlateEmpty],
    [['Lorry', 'wxy 1', '', 'Hino', 'Truck'], 'FAILED', T.plateInUse],
    [['Lorry', 'ABC 1', '999', 'Hino', 'Truck'], 'FAILED', bulkInvalidImei(['111', '333'])],
    [['Lorry', 'ABC 1', '222', 'Hino', 'Truck'], 'FAILED', BULK_DEVICE_ASSIGNED],
    [['Lorry', 'ABC 1', '', 'Hino', 'Spaceship'], 'FAILED', BULK_TEXTS.typeUnknown],
    [['Lorry', 'ABC 1', '', '', 'Truck'], 'READY', BULK_TEXTS.noModel],
    [['Lorry', 'ABC 1', '', 'Hino', ''], 'READY', BULK_TEXTS.noType],
  ])('%j → %s %s', (cells, status, message) => {
    expect(checkRows(columns, header.indexes, rows(cells))[0]).toMatchObject({ status, message });
  });

  it('needs only Display Name and Plate as columns', () => {
    expect(matchHeader(columns, ['Plate', 'Display Name']).ok).toBe(true);
    expect(matchHeader(columns, ['Display Name', 'IMEI'])).toMatchObject({ ok: false, missing: 'Plate' });
  });

  it('names at most ten free devices, then how many more', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ dvid: `GPS100#${i}`, imei: String(i), assigned: false }));
    const [row] = checkRows(
      vehicleColumns({ devices: many, platesInUse: new Set() }),
      header.indexes,
      rows(['L', 'P', 'x']),
    );
    expect(row?.message).toBe(bulkInvalidImei([...many.slice(0, 10).map((d) => d.imei), 'and 2 more']));
  });

  it('fails the second vehicle naming the same device', () => {
    const checked = checkRows(columns, header.indexes, rows(['A', 'P1', '111'], ['B', 'P2', '111'], ['C', 'p1']));
    expect(checked.map((r) => r.message)).toEqual([BULK_TEXTS.noModel, BULK_DEVICE_ASSIGNED, BULK_TEXTS.plateTwice]);
  });

  it("makes a /vehicle/add body the server schema takes: dvid '-' without an IMEI, defaults for the rest", () => {
    const checked = checkRows(
      columns,
      header.indexes,
      rows(['Lorry', 'ABC 1', '111', 'Hino', '4x4drive'], ['Van', 'V 2']),
    );
    const user = { uid: 'u-1', userRole: 'distributor' };
    const bodies = checked.map((r) => vehicleRowRequest(r.values, user, devices));
    expect(bodies.map((b) => b.vehicle)).toEqual([
      {
        dvid: 'GPS100#111',
        vehicleDisplayName: 'Lorry',
        vehiclePlate: 'ABC 1',
        vehicleModel: 'Hino',
        vehicleType: '4x4Drive',
      },
      { dvid: '-', vehicleDisplayName: 'Van', vehiclePlate: 'V 2', vehicleModel: '-', vehicleType: 'Other' },
    ]);
    for (const body of bodies) expect(AddVehicleRequestSchema.safeParse(body).success).toBe(true);
  });
});

describe('the template examples pass their own rules', () => {
  it.each([
    ['device', deviceColumns({ simsInUse: new Set(), imeisInUse: new Set() }), BULK_EXAMPLES.device, undefined],
    ['vehicle', vehicleColumns({ devices: [], platesInUse: new Set() }), BULK_EXAMPLES.vehicle, undefined],
    [
      'geofence',
      geofenceColumns({ geofenceNames: [], templates: [{ gtid: 'g1', templateName: 'UNGROUP' }] }),
      BULK_EXAMPLES.geofence,
      geofenceRowRule,
    ],
  ] as const)('%s', (_kind, columns, examples, rowRule) => {
    const header = matchHeader(
      columns as never,
      columns.map((c) => c.label),
    );
    if (!header.ok) throw new Error('header');
    const cells = examples.map((example) => columns.map((c) => (example as Record<string, string>)[c.key] ?? ''));
    for (const checked of checkRows(columns as never, header.indexes, rows(...cells), rowRule as never))
      expect(checked).toMatchObject({ status: 'READY', message: null });
  });
});
