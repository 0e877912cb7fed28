import type { Device } from '@jejak/domain';
import type { DecodeResult, NormalizedMessage, ProtocolDefinition } from '@jejak/protocols';
import type { CloneNotice } from '../bus/bus.ts';
import { addressGroup } from '../lib/address-group.ts';
import type { Pipeline, SessionPackage } from '../pipeline/pipeline.ts';
import type { GatewayCounters } from './counters.ts';
import type { GatewayFleet } from './gateway-fleet.ts';
import type { DeviceOwners } from './device-owner.ts';
import type { Claim, ImeiClaims } from './imei-claims.ts';
import type { LogThrottle } from './log-throttle.ts';
import type { UnknownGuard } from './unknown-guard.ts';

export interface GatewayLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** What every listener (TCP, UDP, HTTP) shares. */
export interface GatewayContext {
  protocol: ProtocolDefinition;
  pipeline: Pipeline;
  /** The store, for the gateways: its queries are limited in number (gateway-fleet.ts). */
  fleet: GatewayFleet;
  /**
   * The registered device of the protocol's models with this IMEI. Lookups of many connections
   * at once (every tracker reconnecting after a restart) are read together (lib/coalesce.ts).
   */
  deviceByImei: (imei: string) => Promise<Device | undefined>;
  counters: GatewayCounters;
  log: GatewayLogger;
  now: () => number;
  /** Unknown IMEIs per address: past the limit, refused without a lookup (ADR 0034). */
  unknown: UnknownGuard;
  /** The live TCP connection of each device: a second one takes it over (ADR 0034). */
  claims: ImeiClaims;
  /** Log lines of takeovers, which a pair of clones can cause every few seconds. */
  conflictLog: LogThrottle;
  /** A live connection silent this long may be taken over from another address (ADR 0082). */
  takeoverSilenceMs: number;
  /** The owner of each device among gateway nodes, when several run (ADR 0061). */
  owners?: DeviceOwners | null;
  /** Hands a refused clone to the node that e-mails the vehicle's owners (ADR 0082). */
  reportClone: (notice: CloneNotice) => Promise<void>;
  /** Commands to trackers (ADR 0090): sent once a device is identified here, answers matched. */
  commands?: CommandHooks | null;
}

/** What the gateway tells the command courier (gateway/command-courier.ts). */
export interface CommandHooks {
  /** A connection here now speaks for `dvid`: its queued commands can go. */
  identified(dvid: string): void;
  /** Messages of `dvid` were decoded: those with a `result` answer a command. */
  decoded(dvid: string, messages: readonly NormalizedMessage[]): void;
}

/** The device-log message of a connection closed because a newer one claims its device. */
export const REPLACED_MESSAGE = 'duplicate IMEI: replaced by a newer connection of the same device';
/** The device-log message of a connection refused: its device is connected and talking from another address. */
export const CLONE_REFUSED_MESSAGE = 'duplicate IMEI: refused, the device is connected from another address';

/** How a channel talks back: a TCP socket, a UDP remote address, or one HTTP exchange. */
export interface ChannelIo {
  peer: string;
  /** The source address as the unknown-IMEI throttle counts it (forgeable UDP ones apart). */
  addressKey: string;
  /** A live connection that speaks for its device until it ends (TCP): a newer one takes over. */
  claims: boolean;
  send(reply: Uint8Array): void;
  /**
   * Gives the decoder session the identified device's own settings (issue 29 item 2); true when
   * the session takes settings, so the frame that identified the device is decoded again with them.
   */
  configure?(settings: Readonly<Record<string, string | number | boolean>>): boolean;
  /**
   * Ends the channel: the device is unknown, sent malformed data, its data was not stored,
   * or a newer connection claims the device.
   */
  close(reason: 'unknown-device' | 'malformed' | 'store-failed' | 'replaced' | 'claimed', detail: string): void;
}

export type HandleOutcome = 'stored' | 'ignored' | 'closed';

export interface Handled {
  /** Resolves once the frame's reply is sent (after commit), or it was ignored or refused. */
  done: Promise<HandleOutcome>;
}

const HEX_DUMP_BYTES = 48;
/**
 * A device's clone event is raised, and its owners' e-mail asked for, at most this often here
 * (its conflicts are all counted and listed; the e-mail's hour is kept in the store).
 */
const CLONE_EVENT_EVERY_MS = 10 * 60_000;

export function hexDump(bytes: Uint8Array): string {
  return Buffer.from(bytes.subarray(0, HEX_DUMP_BYTES)).toString('hex') + (bytes.length > HEX_DUMP_BYTES ? '…' : '');
}

/**
 * One device's conversation over any transport (DESIGN §1, ADR 0006): identifies the device by
 * the IMEI its messages carry, refuses unknown ones, submits messages to the pipeline in order
 * and sends each reply only after its data is committed, in the order the frames came.
 */
export function createDeviceChannel(ctx: GatewayContext, io: ChannelIo) {
  const { protocol, pipeline, counters, log } = ctx;
  let dvid: string | null = null;
  let imei: string | null = null;
  let closed = false;
  let replies: Promise<unknown> = Promise.resolve();

  const claim: Claim = {
    peer: io.peer,
    address: io.addressKey,
    lastHeardMs: ctx.now(),
    replace(by) {
      sessionEvent('event#session#close', REPLACED_MESSAGE);
      close('replaced', `replaced by ${by}`);
    },
    protocol,
    imei: () => imei,
    send(bytes) {
      if (!closed) io.send(bytes);
    },
  };
  /** The device's settings were just given to the session: the frame is decoded again. */
  let reconfigured = false;
  /** The connection is gone (its frames already read may still be stored): its claim ends. */
  let released = false;
  function release(): void {
    released = true;
    if (dvid && io.claims) ctx.claims.release(dvid, claim);
  }

  const close: ChannelIo['close'] = (reason, detail) => {
    if (closed) return;
    closed = true;
    release();
    if (reason === 'store-failed') counters.storeFailedCloses++;
    io.close(reason, detail);
  };

  function sessionEvent(pkg: SessionPackage, message: string | null): void {
    if (dvid) void pipeline.logSession(dvid, pkg, ctx.now(), message).catch(() => undefined);
  }

  function reject(reason: string, bytes: Uint8Array): HandleOutcome {
    if (closed) return 'closed';
    counters.badFrames++;
    log.warn({ protocol: protocol.id, peer: io.peer, dvid, reason, hex: hexDump(bytes) }, 'bad frame, closing');
    sessionEvent('event#session#error', reason);
    close('malformed', reason);
    return 'closed';
  }

  /**
   * A conflict is counted, logged (throttled) and listed for admins, and raises the CRITICAL
   * clone event for the device's vehicle, which its owner's and distributor's consoles show.
   */
  function recordConflict(device: string, claimed: string, other: Claim, outcome: string): void {
    counters.imeiConflicts++;
    const nowMs = ctx.now();
    if (ctx.claims.cloneDue('event', device, nowMs, CLONE_EVENT_EVERY_MS))
      void pipeline
        .raiseClone(device, nowMs)
        .catch((err: unknown) => log.warn({ dvid: device, err: String(err) }, 'clone event not stored'));
    const suppressed = ctx.conflictLog.pass();
    if (suppressed !== null)
      log.warn({ protocol: protocol.id, dvid: device, peer: io.peer, previous: other.peer, suppressed }, outcome);
    void ctx.fleet
      .recordDeviceConflict({
        dvid: device,
        protocol: protocol.id,
        imei: claimed,
        remote: io.peer,
        previousRemote: other.peer,
        nowMs,
      })
      .catch((err: unknown) => log.warn({ dvid: device, err: String(err) }, 'device conflict not recorded'));
  }

  /**
   * A clone was refused while the device talks from `live`'s address: the vehicle's fleet owner
   * and distributor are e-mailed (ADR 0082). Not on a takeover: after the silence, a new address
   * is what a tracker whose mobile network moved it looks like.
   */
  function tellOwners(device: string, claimed: string, live: Claim): void {
    const atMs = ctx.now();
    if (!ctx.claims.cloneDue('notice', device, atMs, CLONE_EVENT_EVERY_MS)) return;
    ctx
      .reportClone({
        dvid: device,
        imei: claimed,
        address: addressGroup(live.address),
        refused: addressGroup(claim.address),
        atMs,
      })
      .catch((err: unknown) => log.warn({ dvid: device, err: String(err) }, 'clone notice not queued'));
  }

  /**
   * A newer connection claims the device: the one it replaces ends, and it is recorded. Returns
   * false when the device's live connection still talks from another address: this one is
   * refused instead (ADR 0082).
   */
  function takeOver(device: string, claimed: string): boolean {
    const { previous, refused } = ctx.claims.claim(device, claim, ctx.now(), ctx.takeoverSilenceMs);
    if (refused) {
      recordConflict(device, claimed, refused, 'a second connection claims a connected device: it is refused');
      tellOwners(device, claimed, refused);
      // An error line, not a close: the device's own connection goes on, alive.
      void pipeline.logSession(device, 'event#session#error', ctx.now(), CLONE_REFUSED_MESSAGE).catch(() => undefined);
      close('claimed', `${device} is connected from ${refused.peer}`);
      return false;
    }
    if (!previous) return true;
    previous.replace(io.peer);
    recordConflict(device, claimed, previous, 'a second connection claims a connected device: the older one is closed');
    return true;
  }

  function refuseUnknown(newImei: string): false {
    if (protocol.refuseReply) io.send(protocol.refuseReply);
    close('unknown-device', `unknown device ${newImei}`);
    return false;
  }

  async function identify(newImei: string): Promise<boolean> {
    if (ctx.unknown.blocked(io.addressKey)) {
      counters.unknownThrottled++;
      return refuseUnknown(newImei);
    }
    counters.deviceLookups++;
    const device = await ctx.deviceByImei(newImei);
    if (device) {
      if (io.claims && !released && !takeOver(device.dvid, newImei)) return false;
      if (dvid && io.claims && dvid !== device.dvid) ctx.claims.release(dvid, claim);
      dvid = device.dvid;
      imei = newImei;
      claim.settings = device.settings ?? undefined;
      if (device.settings && Object.keys(device.settings).length > 0 && io.configure?.(device.settings))
        reconfigured = true;
      if (io.claims && !released) {
        // Its messages are processed here only once this node owns the device.
        if (ctx.owners) await ctx.owners.claim(device.dvid);
        ctx.commands?.identified(device.dvid);
      }
      return true;
    }
    counters.unknownDevices++;
    ctx.unknown.unknown(io.addressKey);
    const suppressed = ctx.unknown.log.pass();
    if (suppressed !== null)
      log.warn({ protocol: protocol.id, peer: io.peer, imei: newImei, suppressed }, 'unknown device refused');
    await ctx.fleet.recordUnknownDevice(protocol.id, newImei, io.peer, ctx.now());
    return refuseUnknown(newImei);
  }

  const settled = (outcome: HandleOutcome): Handled => ({ done: Promise.resolve(outcome) });

  /**
   * Handles one decoded frame. Resolves once the device is identified and the messages are
   * submitted (so the next frame may follow); `done` resolves once the reply is sent.
   */
  /**
   * `redecode` decodes the same frame again: after identification gave the session the device's
   * settings, the frame is read as they say.
   */
  async function handle(decoded: DecodeResult, raw: Uint8Array, redecode?: () => DecodeResult): Promise<Handled> {
    let result = decoded;
    if (closed) return settled('closed');
    // Heard from: a clone from elsewhere cannot take this connection's device over (ADR 0082).
    claim.lastHeardMs = ctx.now();
    if (result.unsupported) {
      counters.unsupportedFrames++;
      log.info({ protocol: protocol.id, peer: io.peer, dvid, reason: result.error }, 'unsupported frame ignored');
      // Nothing to store, but the protocol may still want an answer (a GT06 serial echo): it
      // goes out in order, after the replies of the frames before it.
      const answer = result.reply;
      if (!answer || !dvid) return settled('ignored');
      const sent = replies.then((): HandleOutcome => {
        if (closed) return 'closed';
        io.send(answer);
        return 'ignored';
      });
      replies = sent;
      return { done: sent };
    }
    if (result.error) return settled(reject(result.error, raw));
    if (result.warnings.length > 0) {
      counters.frameWarnings++;
      log.info(
        { protocol: protocol.id, peer: io.peer, dvid, warnings: result.warnings },
        'frame accepted with warnings',
      );
    }
    counters.frames++;
    const claimed = result.messages.find((m) => m.imei)?.imei;
    if (claimed && claimed !== imei && !(await identify(claimed))) return settled('closed');
    if (reconfigured) {
      reconfigured = false;
      if (redecode) result = redecode();
      if (result.error) return settled(reject(result.error, raw));
    }
    if (!dvid) return settled(reject('data before the device identified itself', raw));
    const current = dvid;
    ctx.commands?.decoded(current, result.messages);
    // UDP and HTTP trackers have no connection that pins them to this node: they claim their
    // device while this node does not hold it (first message, or lost to another node).
    if (ctx.owners && !io.claims && !ctx.owners.holds(current)) await ctx.owners.hold(current);
    const [only] = result.messages;
    const committed: Promise<unknown> =
      result.messages.length === 1 && only
        ? pipeline.submit(current, only)
        : Promise.all(result.messages.map((m: NormalizedMessage) => pipeline.submit(current, m)));
    // Awaited below, in order; until then a failure must not count as unhandled.
    committed.catch(() => undefined);
    const reply = result.reply;
    const sent = replies
      .then(() => committed)
      .then(
        (): HandleOutcome => {
          if (closed) return 'closed';
          if (reply) {
            io.send(reply);
            counters.acknowledgements++;
          }
          return 'stored';
        },
        (err: unknown): HandleOutcome => {
          // Not stored, so not acknowledged: the device keeps the data and sends it again.
          log.warn({ protocol: protocol.id, dvid: current, err: String(err) }, 'store failed, closing');
          close('store-failed', 'data could not be stored');
          return 'closed';
        },
      );
    replies = sent;
    return { done: sent };
  }

  return {
    get dvid() {
      return dvid;
    },
    get closed() {
      return closed;
    },
    handle,
    reject,
    sessionEvent,
    /** The transport ended on its own (peer closed, idle): no more replies. */
    markClosed(): void {
      closed = true;
      release();
    },
    /** The peer hung up: frames already read are still handled, but the device is no longer claimed. */
    transportEnded: release,
  };
}
export type DeviceChannel = ReturnType<typeof createDeviceChannel>;
