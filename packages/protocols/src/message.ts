/**
 * The protocol-neutral shapes every decoder produces and the gateway consumes (DESIGN §1, §4).
 * A decoder is pure: bytes in, messages and reply bytes out.
 */

export type AttributeValue = number | boolean | string;

/**
 * One thing a device told us.
 * - `login`: identifies the device (`imei`).
 * - `position`: a GPS fix (latitude/longitude always present; `valid` says whether the device
 *   had a fix). Alarm packets that carry a fix are positions with `attributes.alarm`.
 * - `heartbeat`: a report without a location: status, cell/Wi-Fi-only reports, command
 *   results, device information.
 * - `alarm`: an alarm without a location.
 */
export interface NormalizedMessage {
  kind: 'login' | 'position' | 'heartbeat' | 'alarm';
  imei?: string;
  /** When the device says the data was taken (epoch ms UTC). */
  deviceTimeMs?: number;
  valid?: boolean;
  latitude?: number;
  longitude?: number;
  speedKmh?: number;
  /** Degrees clockwise from north, [0, 360). */
  course?: number;
  /** Metres above sea level. */
  altitude?: number;
  satellites?: number;
  /** True when the device sent this from its memory after the fact (`gps#memory`). */
  memory?: boolean;
  /**
   * Everything else, with shared names: ignition, power (external volts), battery (volts),
   * batteryLevel (%), gsm (signal level), driverUniqueId (iButton/RFID), tag<n>Temp,
   * tag<n>Humidity, tag<n>Battery (BLE sensor tags), iccid, versionFw, result (a command's
   * reply), alarm (only a name of `ALARMS` in @jejak/domain: one vocabulary for every protocol),
   * event (the raw alarm/event code), charge, blocked, armed, door, lock, fuel (litres),
   * fuelLevel (%), fuelUsed, operator, tag<n>Voltage (volts; tag<n>Battery is %), beacon<n>…,
   * axle<n>, …
   */
  attributes: Record<string, AttributeValue>;
}

export interface DecodeResult {
  messages: NormalizedMessage[];
  /**
   * Bytes to send back to the device, or null. The caller sends them only after the
   * messages are committed (acknowledge after commit, ADR 0006).
   */
  reply: Uint8Array | null;
  /**
   * Why the frame was rejected; when set, `messages` is empty and `reply` is null, except for
   * an `unsupported` frame the protocol still wants answered (a GT06 serial echo).
   */
  error: string | null;
  /** Things worth logging about a frame that was still accepted (or ignored on purpose). */
  warnings: string[];
  /**
   * Set with `error` when the frame is well formed but of a type we do not handle: the
   * connection can go on (only malformed data closes it).
   */
  unsupported?: boolean;
}

export interface FramerOutput {
  /** Complete frames, in stream order; each is its own copy. */
  frames: Uint8Array[];
  /** Set when the stream cannot be framed any more; the caller should close the connection. */
  error: string | null;
}

/** Cuts a byte stream into frames. Keeps partial data between calls, bounded in size. */
export interface Framer {
  push(chunk: Uint8Array): FramerOutput;
  /** Bytes held back waiting for the rest of a frame. */
  readonly bufferedBytes: number;
}

export type Transport = 'tcp' | 'udp' | 'http';

/** How a session is used: the gateway and the decode command pass these. */
export interface SessionOptions {
  transport: Transport;
  /** Device model, for protocols whose packets differ by model (e.g. GT06 variants). */
  model?: string | undefined;
  /**
   * Teltonika: codec 8 records carry an extra group of 16-byte IO values after the 8-byte group
   * (a device setting; the captures show it). Codec 8E is recognised by its codec id alone.
   */
  extended?: boolean | undefined;
  /**
   * A protocol's per-device settings, as the device form and `npm run decode --option` set them
   * (Suntech: protocolType, hbm, includeAdc, includeRpm, includeTemp). Each protocol reads and
   * checks its own; unknown names are ignored.
   */
  settings?: Readonly<Record<string, string | number | boolean>> | undefined;
}

/** One HTTP request as a phone tracker app sends it (OsmAnd). */
export interface HttpRequestInput {
  method: string;
  /** Path and query string, e.g. `/?id=123&lat=3.1&lon=101.6`. */
  uri: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * Decoder state for one connection (TCP), one remote address (UDP) or one device (HTTP).
 * Over TCP and UDP `decode` takes one complete frame or datagram; over HTTP `decodeHttp` takes
 * one request, and `reply` is the response body (status 200 unless `error` is set, then 400).
 */
export interface ProtocolSession {
  decode(frame: Uint8Array, context?: DecodeContext): DecodeResult;
  /**
   * Takes the identified device's own settings (SessionOptions.settings) for the frames from
   * here on; for protocols whose layout depends on them (issue 29 item 2).
   */
  configure?(settings: Readonly<Record<string, string | number | boolean>>): void;
  decodeHttp?(request: HttpRequestInput, context?: DecodeContext): DecodeResult;
}

/** What the caller knows about a frame: decoders stay pure, so the clock comes in here. */
export interface DecodeContext {
  /** Server receive time: dates fixes that carry no time of their own, and time replies. */
  receivedAtMs?: number;
}
