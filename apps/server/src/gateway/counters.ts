/** Gateway counters, read by the benchmark and (later) the metrics endpoint. */
export interface GatewayCounters {
  connections: number;
  frames: number;
  badFrames: number;
  /** Well-formed frames of a type we do not handle: ignored, connection kept. */
  unsupportedFrames: number;
  /** Frames accepted with a warning, e.g. a miscomputed CRC. */
  frameWarnings: number;
  unknownDevices: number;
}

export function createGatewayCounters(): GatewayCounters {
  return { connections: 0, frames: 0, badFrames: 0, unsupportedFrames: 0, frameWarnings: 0, unknownDevices: 0 };
}
