import {
  FUEL_CHART_MAX_LOGS,
  type FuelAnalysisRequestSchema,
  type FuelAnalysisChange,
  type FuelChartLog,
  type FuelRecord,
  type FuelReport,
  type LegacyReportRequest,
} from '@jejak/contract';
import {
  fuelReport,
  REPORT_TIME_ZONE,
  statusAt,
  summarizeMileage,
  type FuelReportResult,
  type Span,
  type TankChange,
  type TankReport,
  type TransitSlice,
  type User,
} from '@jejak/domain';
import type { z } from 'zod';
import type { FuelVehicle } from '../../storage/repos/fleet/fuel-repo.ts';
import type { Repos } from '../../storage/repos/unit-of-work.ts';
import { requireCall, requireReachableVids } from '../access.ts';

/**
 * Readings folded before the window so the level tracker has settled when it begins: its 15-minute
 * event window and 2-minute smoothing fill well within it, and the steady level starts from a
 * real low rather than the first reading. After the window, enough for an event that begins inside
 * it to settle (4 minutes of calm after it stops, with readings every 2 minutes when parked).
 */
export const FUEL_LEAD_IN_MS = 60 * 60_000;
export const FUEL_LEAD_OUT_MS = 30 * 60_000;

type FuelAnalysisQuery = z.output<typeof FuelAnalysisRequestSchema>;

export interface VehicleFuel {
  result: FuelReportResult;
  messages: Awaited<ReturnType<Repos['fuel']['messages']>>['messages'];
  transits: TransitSlice[];
  current: FuelVehicle['current'];
  truncated: boolean;
}

const percentOf = (litres: number, capacity: number) =>
  capacity > 0 ? Math.round((litres / capacity) * 10_000) / 100 : 0;

function analysisChange(c: TankChange, capacity: number): FuelAnalysisChange {
  return {
    startLog: { fuel: percentOf(c.startLitres, capacity), deviceTime: c.startTime, location: c.location },
    endLog: { fuel: percentOf(c.endLitres, capacity), deviceTime: c.endTime, location: c.location },
    litres: c.litres,
  };
}

/**
 * The status at a time: the stored record's, or from its start on, the vehicle's open record
 * (not stored until it closes); between the last stored record and the open one, the last's.
 */
function chartStatus(v: VehicleFuel, timeMs: number) {
  const stored = statusAt(v.transits, timeMs);
  if (stored) return stored;
  if (v.current && timeMs >= v.current.transitFrom) return v.current.transitStatus;
  const last = v.transits.at(-1);
  return last && timeMs >= last.endTime ? last.transitStatus : null;
}

/** The tank's messages inside the window for the chart, thinned evenly to FUEL_CHART_MAX_LOGS. */
function chartLogs(v: VehicleFuel, tank: string, window: Span): FuelChartLog[] {
  const inside = v.result.points.flatMap((p, i) =>
    p.timeMs >= window.startTime && p.timeMs < window.endTime ? [i] : [],
  );
  const step = Math.max(1, Math.ceil(inside.length / FUEL_CHART_MAX_LOGS));
  return inside
    .filter((_, k) => k % step === 0)
    .map((i) => {
      const p = v.result.points[i];
      const m = v.messages[i];
      const level = p?.tanks[tank]?.levelL ?? null;
      const ignition = m?.attributes.ignition;
      return {
        deviceTime: p?.timeMs ?? 0,
        speed: m?.speedKmh ?? null,
        fuel: level === null ? null : Math.round(level * 100) / 100,
        engineStatus: typeof ignition === 'boolean' ? ignition : null,
        transitStatus: chartStatus(v, p?.timeMs ?? 0),
      };
    });
}

function fuelRecord(t: TankReport, v: VehicleFuel, window: Span, withLogs: boolean): FuelRecord {
  const mileage = summarizeMileage(v.transits, window);
  return {
    tank: t.tank,
    capacity: t.capacity,
    refuels: t.refuels.map((c) => analysisChange(c, t.capacity)),
    fuelThefts: t.losses.map((c) => analysisChange(c, t.capacity)),
    fuelConsumption: {
      totalIdlingDuration: mileage.idlingDuration,
      totalMovingDistance: mileage.mileage,
      totalParkingDuration: mileage.parkingDuration,
      idlingFuelConsumption: t.usage.idlingLitres,
      movingFuelConsumption: t.usage.movingLitres,
      parkingFuelConsumption: t.usage.parkingLitres,
    },
    ...(withLogs ? { deviceLogs: chartLogs(v, t.tank, window) } : {}),
  };
}

/**
 * The fuel report (/report/fuel, Vehicle Report's refuel and fuel usage kinds) and Fuel Analysis
 * (spec 3 §2, §3, §7): the vehicle's stored readings folded through the level tracker. The report
 * needs the Vehicle Report grant, Fuel Analysis its own (spec 3 §6); every vid must be in reach.
 */
export function createFuelService(
  repos: Pick<Repos, 'fleet' | 'fuel' | 'reports'>,
  timeZone: string = REPORT_TIME_ZONE,
) {
  const { fleet, fuel, reports } = repos;
  async function foldVehicles(vehicles: FuelVehicle[], window: Span): Promise<Map<string, VehicleFuel>> {
    const out = new Map<string, VehicleFuel>();
    if (vehicles.length === 0) return out;
    const transits = await reports.transitSlices({ vids: vehicles.map((v) => v.vid), ...window });
    for (const v of vehicles) {
      const read =
        v.dvid === '-'
          ? { messages: [], truncated: false }
          : await fuel.messages(v.dvid, window.startTime - FUEL_LEAD_IN_MS, window.endTime + FUEL_LEAD_OUT_MS);
      const slices = transits.get(v.vid) ?? [];
      const result = fuelReport({
        messages: read.messages,
        profile: v.profile,
        transits: slices,
        window,
        timeZone,
      });
      out.set(v.vid, {
        result,
        messages: read.messages,
        transits: slices,
        current: v.current,
        truncated: read.truncated,
      });
    }
    return out;
  }

  return {
    async report(caller: User, req: LegacyReportRequest): Promise<{ report: FuelReport[]; truncated: boolean }> {
      requireCall(caller, 'readReports');
      await requireReachableVids(fleet, caller, req.vidList);
      const window = { startTime: req.startTime, endTime: req.endTime };
      const folded = await foldVehicles(await fuel.vehiclesWithTanks(req.vidList), window);
      const report = [...folded].flatMap(([vid, v]) =>
        v.result.tanks.map((t) => ({
          vid,
          tank: t.tank,
          usage: { vid, ...t.usage },
          daily: t.daily.map((d) => ({ vid, ...d })),
          refuels: t.refuels.map((c) => ({ vid, ...c })),
          losses: t.losses.map((c) => ({ vid, ...c })),
        })),
      );
      return { report, truncated: [...folded.values()].some((v) => v.truncated) };
    },

    async analysis(
      caller: User,
      req: FuelAnalysisQuery,
    ): Promise<{ fuelTankNumber: number; fuelRecords: FuelRecord[] }> {
      requireCall(caller, 'readFuelAnalysis');
      await requireReachableVids(fleet, caller, [req.vid]);
      const window = { startTime: req.startTime, endTime: req.endTime };
      const folded = await foldVehicles(await fuel.vehiclesWithTanks([req.vid]), window);
      const v = folded.get(req.vid);
      if (!v) return { fuelTankNumber: 0, fuelRecords: [] };
      const n = req.fuelTankNumber;
      const tanks = n === null || n === undefined ? v.result.tanks : v.result.tanks.slice(n, n + 1);
      return {
        fuelTankNumber: v.result.tanks.length,
        fuelRecords: tanks.map((t) => fuelRecord(t, v, window, req.isReturnDeviceLog)),
      };
    },
  };
}
export type FuelService = ReturnType<typeof createFuelService>;
