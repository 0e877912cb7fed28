import net from 'node:net';

/** One fix as a tracker takes it; what goes on the wire is up to the protocol. */
export interface DeviceFix {
  timeMs: number;
  lat: number;
  lon: number;
  speedKmh: number;
  course: number;
  /** Engine (ACC) on. */
  acc: boolean;
  satellites: number;
  /** False when the receiver has no position (it sends its last known one). Default true. */
  valid?: boolean;
  /** The cellular link is down when this fix is taken: it waits in the tracker's memory. */
  offline?: boolean;
  /** The driver pressed SOS: the fix goes out as an alarm packet (GT06 0x16). */
  alarm?: 'sos';
}

export interface SendEvent {
  imei: string;
  /** The packet's serial (GT06) or sequence number on this client (Teltonika). */
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

export interface ClientStats {
  /** Fixes written (resends included). */
  sent: number;
  /** Fixes acknowledged. */
  acked: number;
  reconnects: number;
  /** Fixes not yet acknowledged (in flight or waiting to be sent). */
  pending: number;
  /** Fixes dropped because the offline memory was full. */
  dropped: number;
}

export interface ServerAddress {
  host: string;
  port: number;
}

export interface TrackerClientOptions<F extends DeviceFix = DeviceFix> {
  host: string;
  port: number;
  /**
   * Backup servers, as a real tracker's backup-server setting: when a connection fails or
   * drops, the next attempt goes to the next address, round robin from `host:port`.
   */
  fallbacks?: ServerAddress[];
  imei: string;
  /** Produces the device's next fix (one call per fix). */
  nextFix: () => F;
  /** Wall-clock time between fixes; ignored in full-rate mode. */
  fixEveryMs: number;
  /** Full-rate mode: keep this many packets unacknowledged in flight, sending the next on each ack. */
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

export interface PendingFix<F extends DeviceFix = DeviceFix> {
  fix: F;
  /** Taken while the tracker was not logged in, or sent and never acknowledged. */
  late: boolean;
}

/** What the server said, as a protocol reads it. */
export type ServerReply =
  | { kind: 'login'; accepted: boolean }
  /** `serial` names the packet; without it acks come in order and `count` must match. */
  | { kind: 'ack'; serial?: number; count?: number };

/** The protocol-specific half of a tracker: bytes out, replies in. One instance per client. */
export interface TrackerProtocol<F extends DeviceFix = DeviceFix> {
  /** A reader for one connection's bytes from the server. */
  createReader(): (chunk: Buffer) => { replies: ServerReply[]; error?: string };
  login(imei: string): Uint8Array;
  maxFixesPerPacket: number;
  /** Packets in flight at most (a Teltonika waits for each ack); default unlimited. */
  maxInFlight?: number;
  packet(fixes: PendingFix<F>[]): { bytes: Uint8Array; serial: number };
  heartbeat?(lastAcc: boolean): Uint8Array;
}

export interface TrackerClient {
  start(): void;
  stop(): Promise<void>;
  stats(): ClientStats;
  readonly loggedIn: boolean;
  /** The server the tracker connects to now, or will at its next attempt. */
  readonly server: ServerAddress;
}

interface InFlight<F extends DeviceFix> {
  serial: number;
  fixes: PendingFix<F>[];
}

/**
 * One simulated tracker over real TCP. Logs in, waits for the login reply, then sends fixes
 * (every `fixEveryMs`, or as fast as acks allow with `window`). Like a real tracker it keeps
 * every fix until the server acknowledges it: fixes made while offline (a fix marked `offline`
 * drops the link until the next one that is not) and fixes sent but not acknowledged are sent
 * again, as late data, after the next login. Reconnects with capped exponential backoff, to
 * the next of its servers when it has fallbacks.
 */
export function createTrackerClient<F extends DeviceFix>(
  protocol: TrackerProtocol<F>,
  options: TrackerClientOptions<F>,
): TrackerClient {
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const maxPending = options.maxPending ?? 10_000;
  const maxFixes = options.maxFixes ?? Infinity;
  const fullRate = options.window !== undefined;
  const maxInFlight = Math.min(options.window ?? Infinity, protocol.maxInFlight ?? Infinity);
  const stats: ClientStats = { sent: 0, acked: 0, reconnects: 0, pending: 0, dropped: 0 };
  const inFlight: InFlight<F>[] = [];
  let unsent: PendingFix<F>[] = [];
  let socket: net.Socket | null = null;
  let loggedIn = false;
  let stopped = false;
  let started = false;
  let linkDown = false;
  let attempt = 0;
  let lastAcc = false;
  let generated = 0;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const primary: ServerAddress = { host: options.host, port: options.port };
  const servers = [primary, ...(options.fallbacks ?? [])];
  let serverIndex = 0;
  const server = (): ServerAddress => servers[serverIndex] ?? primary;

  function later(ms: number, fn: () => void): ReturnType<typeof setTimeout> {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
    return t;
  }

  const inFlightFixes = () => inFlight.reduce((n, p) => n + p.fixes.length, 0);

  /** Takes a new fix into memory; a fix taken offline drops the link, the next online one restores it. */
  function take(): boolean {
    if (generated >= maxFixes) return false;
    generated++;
    const fix = options.nextFix();
    lastAcc = fix.acc;
    unsent.push({ fix, late: !loggedIn || fix.offline === true });
    if (unsent.length + inFlightFixes() > maxPending) {
      unsent.shift();
      stats.dropped++;
    }
    if (fix.offline) goOffline();
    else if (linkDown) goOnline();
    return true;
  }

  function goOffline(): void {
    if (linkDown) return;
    linkDown = true;
    const s = socket;
    if (!s) return;
    detach();
    stats.reconnects++;
    s.destroy();
  }

  function goOnline(): void {
    linkDown = false;
    attempt = 0;
    if (!socket && !stopped) connect();
  }

  /** Whatever was in flight was not acknowledged: it goes back in front, to be sent again as late data. */
  function detach(): void {
    socket = null;
    loggedIn = false;
    const unacked = inFlight.splice(0).flatMap((p) => p.fixes.map((f) => ({ fix: f.fix, late: true })));
    unsent = [...unacked, ...unsent].sort((a, b) => a.fix.timeMs - b.fix.timeMs);
  }

  function sendPacket(fixes: PendingFix<F>[]): void {
    if (!socket) return;
    const { bytes, serial } = protocol.packet(fixes);
    socket.write(bytes);
    inFlight.push({ serial, fixes });
    const sentAtMs = now();
    for (const p of fixes) {
      stats.sent++;
      options.onSend?.({ imei: options.imei, serial, deviceTimeMs: p.fix.timeMs, sentAtMs, resend: p.late });
    }
  }

  /** Sends what may go now; in full-rate mode tops packets up with new fixes. */
  function flush(): void {
    while (loggedIn && socket && inFlight.length < maxInFlight) {
      if (fullRate) while (unsent.length < protocol.maxFixesPerPacket && !linkDown && take());
      if (!loggedIn || unsent.length === 0) break;
      sendPacket(unsent.splice(0, protocol.maxFixesPerPacket));
    }
    // Offline in full-rate mode: the tracker keeps taking fixes until its link is back.
    if (fullRate) while (linkDown && take());
  }

  function onAck(reply: Extract<ServerReply, { kind: 'ack' }>, s: net.Socket): void {
    const at = reply.serial === undefined ? 0 : inFlight.findIndex((p) => p.serial === reply.serial);
    const packet = inFlight[at];
    if (!packet) return;
    if (reply.count !== undefined && reply.count !== packet.fixes.length) {
      // Not all of it was taken: send it all again on a new connection.
      s.destroy();
      return;
    }
    inFlight.splice(at, 1);
    const ackedAtMs = now();
    for (const p of packet.fixes) {
      stats.acked++;
      options.onAck?.({ imei: options.imei, serial: packet.serial, deviceTimeMs: p.fix.timeMs, ackedAtMs });
    }
    flush();
  }

  function onReply(reply: ServerReply, s: net.Socket): void {
    if (reply.kind === 'ack') {
      onAck(reply, s);
      return;
    }
    if (!reply.accepted) {
      s.destroy();
    } else if (!loggedIn) {
      loggedIn = true;
      attempt = 0;
      flush();
    }
  }

  function connect(): void {
    const s = net.connect(server());
    const read = protocol.createReader();
    socket = s;
    s.setNoDelay(true);
    s.on('connect', () => {
      s.write(protocol.login(options.imei));
      const loginTimer = later(options.loginTimeoutMs ?? 10_000, () => {
        if (!loggedIn) s.destroy();
      });
      s.once('close', () => clearTimeout(loginTimer));
    });
    s.on('data', (chunk: Buffer) => {
      const { replies, error } = read(chunk);
      for (const r of replies) if (socket === s) onReply(r, s);
      if (error) s.destroy();
    });
    s.on('error', () => undefined);
    s.on('close', () => onClose(s));
  }

  function onClose(s: net.Socket): void {
    if (socket !== s) return;
    detach();
    if (stopped) return;
    // The server failed or dropped us: the next attempt goes to the next one.
    serverIndex = (serverIndex + 1) % servers.length;
    stats.reconnects++;
    const base = Math.min(options.reconnectMaxMs ?? 30_000, (options.reconnectMinMs ?? 500) * 2 ** attempt);
    attempt = Math.min(attempt + 1, 16);
    later(base * (0.5 + random() / 2), () => {
      if (!linkDown && !socket) connect();
    });
  }

  return {
    start() {
      if (started) return;
      started = true;
      if (!fullRate) {
        timers.add(
          setInterval(() => {
            if (take()) flush();
          }, options.fixEveryMs),
        );
      }
      const hb = options.heartbeatEveryMs ?? 60_000;
      const heartbeat = protocol.heartbeat?.bind(protocol);
      if (hb > 0 && heartbeat) {
        timers.add(
          setInterval(() => {
            if (loggedIn && socket) socket.write(heartbeat(lastAcc));
          }, hb),
        );
      }
      connect();
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
      return { ...stats, pending: inFlightFixes() + unsent.length };
    },
    get loggedIn() {
      return loggedIn;
    },
    get server() {
      return server();
    },
  };
}
