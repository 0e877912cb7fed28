import net from 'node:net';
import {
  createGt06Framer,
  decodeAck,
  encodeGps22,
  encodeHeartbeat,
  encodeLogin,
  GT06_GPS_22,
  GT06_LOGIN,
  type Framer,
} from '@jejak/protocols';
import type { RouteFix } from './routes.ts';

export interface SendEvent {
  imei: string;
  serial: number;
  deviceTimeMs: number;
  /** Wall-clock time the packet was written to the socket. */
  sentAtMs: number;
  /** Sent from memory: generated while offline, or sent before and not acknowledged. */
  resend: boolean;
}

export interface AckEvent {
  imei: string;
  serial: number;
  deviceTimeMs: number;
  ackedAtMs: number;
}

export interface Gt06ClientOptions {
  host: string;
  port: number;
  imei: string;
  /** Produces the device's next fix (one call per fix). */
  nextFix: () => RouteFix;
  /** Wall-clock time between fixes; ignored in full-rate mode. */
  fixEveryMs: number;
  /** Full-rate mode: keep this many fixes unacknowledged in flight, sending the next on each ack. */
  window?: number;
  /** Wall-clock time between heartbeats; 0 disables them. Default 60 s. */
  heartbeatEveryMs?: number;
  /** Reconnect if the login is not acknowledged within this time. Default 10 s. */
  loginTimeoutMs?: number;
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  /** Fixes kept while offline; the oldest are dropped beyond this. Default 10 000. */
  maxPending?: number;
  /** [0, 1) source for reconnect jitter, so a fleet does not reconnect in lockstep. */
  random?: () => number;
  now?: () => number;
  onSend?: (event: SendEvent) => void;
  onAck?: (event: AckEvent) => void;
  /** Makes no new fixes after this many; keeps resending the unacknowledged ones. */
  maxFixes?: number;
}

export interface ClientStats {
  /** Position packets written (resends included). */
  sent: number;
  /** Position packets acknowledged. */
  acked: number;
  reconnects: number;
  /** Fixes not yet acknowledged (in flight or waiting to be sent). */
  pending: number;
  /** Fixes dropped because the offline memory was full. */
  dropped: number;
}

export interface Gt06Client {
  start(): void;
  stop(): Promise<void>;
  stats(): ClientStats;
  readonly loggedIn: boolean;
}

interface PendingFix {
  fix: RouteFix;
  /** Goes out flagged as a re-upload (GT06N "GPS real-time re-upload" byte). */
  late: boolean;
}

/**
 * One simulated GT06 tracker over real TCP. Logs in, waits for the login ack, then sends 0x22
 * fixes (every `fixEveryMs`, or as fast as acks allow with `window`) and 0x13 heartbeats. Like
 * a real tracker it keeps every fix until the server acknowledges it: fixes made while offline
 * and fixes sent but not acknowledged are sent again, flagged as re-uploads, after the next
 * login. Reconnects with capped exponential backoff.
 */
export function createGt06Client(options: Gt06ClientOptions): Gt06Client {
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const maxPending = options.maxPending ?? 10_000;
  const stats: ClientStats = { sent: 0, acked: 0, reconnects: 0, pending: 0, dropped: 0 };
  const inFlight = new Map<number, PendingFix>();
  let unsent: PendingFix[] = [];
  let socket: net.Socket | null = null;
  let framer: Framer | null = null;
  let loggedIn = false;
  let stopped = false;
  let started = false;
  let serial = 0;
  let attempt = 0;
  let lastAcc = false;
  let generated = 0;
  const maxFixes = options.maxFixes ?? Infinity;
  const timers = new Set<ReturnType<typeof setTimeout>>();

  const nextSerial = (): number => (serial = (serial % 0xffff) + 1);

  function later(ms: number, fn: () => void): ReturnType<typeof setTimeout> {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
    return t;
  }

  function every(ms: number, fn: () => void): void {
    const t = setInterval(fn, ms);
    timers.add(t);
  }

  function sendFix(p: PendingFix): void {
    if (!socket) return;
    const s = nextSerial();
    const f = p.fix;
    const packet = { timeMs: f.timeMs, lat: f.lat, lon: f.lon, speedKmh: f.speedKmh, course: f.course };
    socket.write(encodeGps22({ ...packet, satellites: f.satellites, valid: true, reupload: p.late, acc: f.acc }, s));
    inFlight.set(s, p);
    stats.sent++;
    options.onSend?.({ imei: options.imei, serial: s, deviceTimeMs: f.timeMs, sentAtMs: now(), resend: p.late });
  }

  /** Sends what may go now: everything waiting, or up to the window in full-rate mode. */
  function flush(): void {
    if (!loggedIn) return;
    const window = options.window;
    while (window === undefined ? unsent.length > 0 : inFlight.size < window) {
      const next = unsent.shift() ?? (generated < maxFixes ? { fix: makeFix(), late: false } : undefined);
      if (!next) break;
      lastAcc = next.fix.acc;
      sendFix(next);
    }
  }

  function makeFix(): RouteFix {
    generated++;
    return options.nextFix();
  }

  function onFix(): void {
    if (generated >= maxFixes) return;
    const fix = makeFix();
    lastAcc = fix.acc;
    unsent.push({ fix, late: !loggedIn });
    if (unsent.length + inFlight.size > maxPending) {
      unsent.shift();
      stats.dropped++;
    }
    flush();
  }

  function onHeartbeat(): void {
    if (loggedIn && socket) socket.write(encodeHeartbeat({ acc: lastAcc }, nextSerial()));
  }

  function onFrame(frame: Uint8Array): void {
    const ack = decodeAck(frame);
    if (!ack) return;
    if (ack.type === GT06_LOGIN && !loggedIn) {
      loggedIn = true;
      attempt = 0;
      flush();
    } else if (ack.type === GT06_GPS_22) {
      const p = inFlight.get(ack.serial);
      if (!p) return;
      inFlight.delete(ack.serial);
      stats.acked++;
      options.onAck?.({ imei: options.imei, serial: ack.serial, deviceTimeMs: p.fix.timeMs, ackedAtMs: now() });
      if (options.window !== undefined) flush();
    }
  }

  function connect(): void {
    const s = net.connect({ host: options.host, port: options.port });
    socket = s;
    framer = createGt06Framer();
    s.setNoDelay(true);
    s.on('connect', () => {
      s.write(encodeLogin(options.imei, nextSerial()));
      const loginTimer = later(options.loginTimeoutMs ?? 10_000, () => {
        if (!loggedIn) s.destroy();
      });
      s.once('close', () => clearTimeout(loginTimer));
    });
    s.on('data', (chunk: Buffer) => {
      const out = framer?.push(chunk);
      // The fixes sent in answer to one read's acks leave in one write, as a busy tracker's would.
      s.cork();
      for (const frame of out?.frames ?? []) onFrame(frame);
      s.uncork();
      if (out?.error) s.destroy();
    });
    s.on('error', () => undefined);
    s.on('close', () => onClose(s));
  }

  /** Whatever was in flight was not acknowledged: it goes back in front, to be re-uploaded. */
  function onClose(s: net.Socket): void {
    if (socket !== s) return;
    socket = null;
    framer = null;
    loggedIn = false;
    const unacked = [...inFlight.values()].map((p) => ({ fix: p.fix, late: true }));
    inFlight.clear();
    unsent = [...unacked, ...unsent].sort((a, b) => a.fix.timeMs - b.fix.timeMs);
    if (stopped) return;
    stats.reconnects++;
    const base = Math.min(options.reconnectMaxMs ?? 30_000, (options.reconnectMinMs ?? 500) * 2 ** attempt);
    attempt = Math.min(attempt + 1, 16);
    later(base * (0.5 + random() / 2), connect);
  }

  return {
    start() {
      if (started) return;
      started = true;
      connect();
      if (options.window === undefined) every(options.fixEveryMs, onFix);
      const hb = options.heartbeatEveryMs ?? 60_000;
      if (hb > 0) every(hb, onHeartbeat);
    },
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      const s = socket;
      if (!s || s.destroyed) return;
      await new Promise<void>((resolve) => {
        s.once('close', () => resolve());
        s.destroy();
      });
    },
    stats() {
      return { ...stats, pending: inFlight.size + unsent.length };
    },
    get loggedIn() {
      return loggedIn;
    },
  };
}
