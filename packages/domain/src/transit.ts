/**
 * Transit status of a vehicle (spec 1 §4, DESIGN §1). Pure: every input, including the
 * clock, is passed in.
 */
export const TRANSIT_STATUSES = ['MOVING', 'IDLING', 'PARKING', 'DISCONNECTED'] as const;
export type TransitStatus = (typeof TRANSIT_STATUSES)[number];

/** Status colours of spec 1 §9 (hex without '#'). */
export const STATUS_COLOURS = {
  ALL: 'C4C4C4',
  MOVING: '52C41A',
  IDLING: 'FFB517',
  PARKING: '0488DB',
  DISCONNECTED: '333333',
  OFFLINE: '333333',
  INACTIVE: 'ff7f2a',
} as const;

export function isTransitStatus(value: unknown): value is TransitStatus {
  return typeof value === 'string' && (TRANSIT_STATUSES as readonly string[]).includes(value);
}

/** Unknown or missing values display as DISCONNECTED (spec 1 §4). */
export function displayStatus(value: unknown): TransitStatus {
  return isTransitStatus(value) ? value : 'DISCONNECTED';
}

export interface TransitConfig {
  /** Speed at or above which the vehicle counts as moving. */
  movingSpeedKmh: number;
  /** Without ignition data: stopped longer than this means PARKING rather than IDLING. */
  parkAfterStopMs: number;
  /** No data for longer than this means DISCONNECTED. */
  disconnectAfterMs: number;
}

export const DEFAULT_TRANSIT_CONFIG: TransitConfig = {
  movingSpeedKmh: 5,
  parkAfterStopMs: 5 * 60_000,
  disconnectAfterMs: 10 * 60_000,
};

export interface TransitState {
  status: TransitStatus;
  /** When the current status began. */
  transitFrom: number;
  /** Device time of the last fix that updated the state. */
  updatedAt: number;
  /** Device time since which speed has been below the moving threshold, or null while moving. */
  stoppedSince: number | null;
}

export interface MotionSample {
  deviceTimeMs: number;
  speedKmh: number;
  /** ACC line when the device reports it. */
  ignition?: boolean | undefined;
  /** When the movement this fix confirms began (the fix filter's `movingFrom`). */
  movingFrom?: number | undefined;
}

function classify(sample: MotionSample, stoppedSince: number | null, cfg: TransitConfig): TransitStatus {
  const moving = sample.speedKmh >= cfg.movingSpeedKmh;
  if (sample.ignition !== undefined) {
    if (!sample.ignition) return 'PARKING';
    return moving ? 'MOVING' : 'IDLING';
  }
  if (moving) return 'MOVING';
  const stoppedFor = stoppedSince === null ? 0 : sample.deviceTimeMs - stoppedSince;
  return stoppedFor >= cfg.parkAfterStopMs ? 'PARKING' : 'IDLING';
}

/**
 * The device time of the last fix before `timeMs`, when the device's own timeline was silent
 * longer than the disconnect limit in between: that span was DISCONNECTED. Device time only, so
 * live data, a replay and a memory upload give the same answer.
 */
export function silentGapFrom(
  prev: TransitState | null,
  timeMs: number,
  cfg: TransitConfig = DEFAULT_TRANSIT_CONFIG,
): number | undefined {
  return prev && timeMs - prev.updatedAt > cfg.disconnectAfterMs ? prev.updatedAt : undefined;
}

/**
 * The state the device's own timeline left, when the server's clock has since marked the
 * vehicle DISCONNECTED (silence in wall time, `disconnectIfSilent`): the open record says
 * what the status was and since when. Without one, the state as it is.
 */
export function deviceTransit(
  prev: TransitState | null,
  open: { status: TransitStatus; start: { timeMs: number } } | null,
): TransitState | null {
  if (prev?.status !== 'DISCONNECTED' || !open) return prev;
  return { ...prev, status: open.status, transitFrom: open.start.timeMs };
}

/**
 * Applies one fix, in device-time order, to the vehicle's transit state. After a silence in
 * device time longer than the disconnect limit (`silentGapFrom`) the state starts afresh.
 */
export function nextTransitState(
  last: TransitState | null,
  sample: MotionSample,
  cfg: TransitConfig = DEFAULT_TRANSIT_CONFIG,
): TransitState {
  const prev = silentGapFrom(last, sample.deviceTimeMs, cfg) === undefined ? last : null;
  const moving = sample.speedKmh >= cfg.movingSpeedKmh;
  const stoppedSince = moving ? null : (prev?.stoppedSince ?? sample.deviceTimeMs);
  const status = classify(sample, stoppedSince, cfg);
  if (prev && prev.status === status) {
    return { status, transitFrom: prev.transitFrom, updatedAt: sample.deviceTimeMs, stoppedSince };
  }
  // Without ignition a stop turns into PARKING only after parkAfterStopMs; the parking
  // really began when the vehicle stopped.
  // A movement confirmed by a later fix began at its first fix.
  const transitFrom =
    status === 'PARKING' && sample.ignition === undefined && stoppedSince !== null
      ? Math.max(stoppedSince, prev?.transitFrom ?? stoppedSince)
      : status === 'MOVING' && sample.movingFrom !== undefined
        ? Math.max(sample.movingFrom, prev?.transitFrom ?? sample.movingFrom)
        : sample.deviceTimeMs;
  return { status, transitFrom, updatedAt: sample.deviceTimeMs, stoppedSince };
}

/** DISCONNECTED once no data has arrived for longer than the configured gap. */
export function disconnectIfSilent(
  prev: TransitState,
  lastSeenMs: number,
  nowMs: number,
  cfg: TransitConfig = DEFAULT_TRANSIT_CONFIG,
): TransitState {
  if (prev.status === 'DISCONNECTED' || nowMs - lastSeenMs <= cfg.disconnectAfterMs) return prev;
  return {
    status: 'DISCONNECTED',
    transitFrom: lastSeenMs,
    updatedAt: prev.updatedAt,
    stoppedSince: prev.stoppedSince,
  };
}
