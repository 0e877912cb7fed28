import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import {
  LIVE_SESSION_ENDED_CLOSE,
  LIVE_TOO_MANY_SOCKETS_CLOSE,
  LiveIdSchema,
  SubscribeEnvelopeSchema,
  type LiveServerMessage,
} from '@jejak/contract';
import { mayCall, toPermissionRole, vehicleFacts, type User } from '@jejak/domain';
import type { Bus } from '../bus/bus.ts';
import type { LiveSession } from '../services/accounts/auth-service.ts';
import type { FleetRepo } from '../storage/repos/fleet/fleet-repo.ts';
import { viewerOf } from '../services/accounts/user-service.ts';
import { forEachSliced } from '../lib/slices.ts';
import { fullBucket, refill, spend, type Bucket } from '../lib/token-bucket.ts';
import { concerns, isDue, narrow, socketRefusal, type LiveLimits } from './live-access.ts';
import { createFairQueue } from './fair-queue.ts';

/** A slow client is not allowed to hold memory: beyond this we skip updates (it refetches on reconnect). */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** Messages kept for a socket while its access is read again (a few milliseconds' worth). */
const MAX_HELD = 10_000;
const DEV_PREFIX = 'dev#';
/** Close code of a socket whose access could not be read: the console reconnects and subscribes again. */
const SERVER_ERROR_CLOSE = 1011;
/** Subscriptions handled at once over every user (each user's one after another, ADR 0082). */
const SUBSCRIBES_AT_ONCE = 2;
/** Ids handled between two turns of the event loop. */
const SLICE = 2_000;
/**
 * A user's visible devices, read for a subscribe, serve its other subscribes this long (all its
 * sockets'): a flood of subscribes costs one read a second. An access change forgets it at once.
 */
const VISIBLE_FRESH_MS = 1_000;
/** Ids of a subscribe looked at past the user's reach: devices a console may have lost since its list. */
const STALE_IDS = 100;

interface Client {
  socket: WebSocket;
  user: User;
  tokenHash: string;
  expiresAtMs: number;
  dvids: Set<string>;
  /** Messages held while the access is read again; null when they go out at once. */
  held: { dvid: string; message: LiveServerMessage }[] | null;
  checks: number;
  /** Runs a task after the socket's earlier messages and checks, one at a time. */
  enqueue: (task: () => Promise<void>) => void;
}

export interface LiveHubOptions {
  bus: Bus;
  fleet: Pick<FleetRepo, 'filterVisibleDvids' | 'visibleDvids'>;
  /** Reads a session again by its token hash: its user and end, or null once it ended. */
  session: (tokenHash: string) => Promise<LiveSession | null>;
  now: () => number;
  /** How often sockets are checked against their session's end. */
  expirySweepMs: number;
  limits: LiveLimits;
  onError: (err: unknown, context: string) => void;
}

/**
 * Closes a socket that may be paused (not read: before its session is known, or in byte debt):
 * reading resumes so the client's answering close frame ends the handshake at once.
 */
function closeSocket(socket: WebSocket, code: number, reason: string): void {
  socket.resume();
  socket.close(code, reason);
}

/**
 * The live channel (DESIGN §3): clients subscribe to dev#{dvid} ids; the hub accepts only
 * ids the session may see and pushes dev, vhc and geofence updates from the bus. Access ends
 * when the session's does (ADR 0032): an `access.changed` signal holds the concerned sockets'
 * messages at once, reads their session and reach again, then narrows or closes them.
 */
export function createLiveHub(opts: LiveHubOptions) {
  const byDvid = new Map<string, Set<Client>>();
  const clients = new Set<Client>();
  /** Open sockets per session (token hash, from the upgrade on) and per user (once admitted): ADR 0082. */
  const perSession = new Map<string, number>();
  const perUser = new Map<string, number>();
  const subscribes = createFairQueue(SUBSCRIBES_AT_ONCE);
  const visibleByUser = new Map<string, { atMs: number; dvids: Promise<Set<string>> }>();
  /**
   * The bytes each user's sockets sent, one bucket over all of them (ADR 0082). A bucket stays
   * after its user's last socket closes until it is full again, so closing and reopening
   * sockets does not hand out a fresh burst.
   */
  const bytesByUser = new Map<string, Bucket>();
  const bytesPerMinute = opts.limits.bytesPerSecond * 60;

  /** Charges a user's received bytes: how long its socket must stay paused to pay them off. */
  function charge(uid: string, bytes: number): number {
    const nowMs = performance.now();
    let bucket = bytesByUser.get(uid);
    if (!bucket) bytesByUser.set(uid, (bucket = fullBucket(opts.limits.burstBytes, nowMs)));
    return spend(bucket, bytes, bytesPerMinute, opts.limits.burstBytes, nowMs);
  }

  /** The devices `user` may see, read in its turn, at most once a VISIBLE_FRESH_MS. */
  function visibleTo(user: User): Promise<Set<string>> {
    // A rate, not a time of the fleet's: the process's own clock, never a test's frozen one.
    const nowMs = performance.now();
    const cached = visibleByUser.get(user.uid);
    if (cached && nowMs - cached.atMs < VISIBLE_FRESH_MS) return cached.dvids;
    const dvids = subscribes.run(user.uid, async () => new Set(await opts.fleet.visibleDvids(viewerOf(user))));
    visibleByUser.set(user.uid, { atMs: nowMs, dvids });
    // A failed read is not kept; old entries go as their users' sockets do (forgetVisible).
    dvids.catch(() => visibleByUser.delete(user.uid));
    return dvids;
  }
  function forgetVisible(uids: readonly string[] | 'all'): void {
    if (uids === 'all') visibleByUser.clear();
    else for (const uid of uids) visibleByUser.delete(uid);
  }

  const bump = (counts: Map<string, number>, key: string, by: number) => {
    const n = (counts.get(key) ?? 0) + by;
    if (n > 0) counts.set(key, n);
    else counts.delete(key);
  };
  function admit(client: Client): void {
    clients.add(client);
    bump(perUser, client.user.uid, 1);
  }
  function dismiss(client: Client): void {
    if (!clients.delete(client)) return;
    bump(perUser, client.user.uid, -1);
    if (!perUser.has(client.user.uid)) visibleByUser.delete(client.user.uid);
  }
  /** Whether a session (of user `uid`, when known) may open one more socket: counted from the upgrade on. */
  const mayOpen = (tokenHash: string, uid?: string) =>
    socketRefusal(
      { session: perSession.get(tokenHash) ?? 0, user: uid === undefined ? 0 : (perUser.get(uid) ?? 0) },
      opts.limits,
    ) === null;

  function send(client: Client, message: LiveServerMessage): void {
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (client.socket.bufferedAmount > MAX_BUFFERED_BYTES) return;
    client.socket.send(JSON.stringify(message));
  }

  function deliver(client: Client, dvid: string, message: LiveServerMessage): void {
    if (!client.held) send(client, message);
    else if (client.held.length < MAX_HELD) client.held.push({ dvid, message });
  }

  function unsubscribe(client: Client, dvid: string): void {
    client.dvids.delete(dvid);
    const set = byDvid.get(dvid);
    set?.delete(client);
    if (set?.size === 0) byDvid.delete(dvid);
  }

  function unsubscribeAll(client: Client): void {
    for (const dvid of [...client.dvids]) unsubscribe(client, dvid);
  }

  /** The session is gone: nothing more is sent, and the console signs in again. */
  function end(client: Client, code: number, reason: string): void {
    unsubscribeAll(client);
    client.held = null;
    dismiss(client);
    closeSocket(client.socket, code, reason);
  }

  /** Holds the socket's messages until its session and reach were read again. */
  function recheck(client: Client): void {
    client.held ??= [];
    client.checks += 1;
    client.enqueue(async () => {
      try {
        const session = await opts.session(client.tokenHash);
        if (!session) {
          end(client, LIVE_SESSION_ENDED_CLOSE, 'session ended');
          return;
        }
        client.user = session.user;
        client.expiresAtMs = session.expiresAtMs;
        const visible = await opts.fleet.filterVisibleDvids(viewerOf(session.user), [...client.dvids]);
        const { removed } = narrow(client.dvids, visible);
        for (const dvid of removed) unsubscribe(client, dvid);
        if (removed.length > 0) {
          const ids = [...client.dvids].map((d) => DEV_PREFIX + d);
          send(client, { mode: 'subscribed', id: session.user.uid, item: { ids, rejected: removed.length } });
        }
      } catch (err) {
        // Fail closed: the console reconnects and subscribes again, which reads its access anew.
        end(client, SERVER_ERROR_CLOSE, 'access check failed');
        throw err;
      } finally {
        client.checks -= 1;
        if (client.checks === 0 && client.held) {
          const held = client.held;
          client.held = null;
          for (const h of held) if (client.dvids.has(h.dvid)) send(client, h.message);
        }
      }
    });
  }

  /**
   * A subscribe replaces the socket's subscription: only the latest waiting one is read (a
   * flood of them costs one), its access is read in its user's turn (fair-queue.ts), and long
   * lists are handled in slices, so the event loop is never held for a whole list (ADR 0082).
   */
  async function handleSubscribe(client: Client, raw: Buffer): Promise<void> {
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      return;
    }
    const parsed = SubscribeEnvelopeSchema.safeParse(json);
    if (!parsed.success) return;
    const { ids, uid } = parsed.data.data;
    // A client may only ever subscribe as itself; the uid field is checked, not trusted.
    const visible = uid === client.user.uid ? await visibleTo(client.user) : new Set<string>();
    if (!clients.has(client)) return;
    // A subscribe is looked at only as far as the user's reach (and a few ids it may have lost
    // since): ids past that are refused unread, so a list of 50,000 costs what the user sees.
    // Those kept are checked against a Set of what the user sees, one lookup each.
    const cap = Math.min(opts.limits.maxIdsPerSubscribe, visible.size + STALE_IDS);
    const asked = ids.length > cap ? ids.slice(0, cap) : ids;
    await forEachSliced([...client.dvids], SLICE, (dvid) => unsubscribe(client, dvid));
    const accepted: string[] = [];
    await forEachSliced(asked, SLICE, (item) => {
      const id = LiveIdSchema.safeParse(item);
      if (!id.success) return;
      const dvid = id.data.slice(DEV_PREFIX.length);
      if (!visible.has(dvid) || client.dvids.has(dvid)) return;
      client.dvids.add(dvid);
      let set = byDvid.get(dvid);
      if (!set) byDvid.set(dvid, (set = new Set()));
      set.add(client);
      accepted.push(id.data);
    });
    send(client, {
      mode: 'subscribed',
      id: client.user.uid,
      item: { ids: accepted, rejected: ids.length - accepted.length },
    });
  }

  opts.bus.subscribe('fleet.update', ({ device, vehicle }) => {
    const subscribers = byDvid.get(device.dvid);
    if (!subscribers) return;
    const dev: LiveServerMessage = { mode: 'dev', id: DEV_PREFIX + device.dvid, item: device };
    const vhc: LiveServerMessage | null = vehicle
      ? { mode: 'vhc', id: `vhc#${vehicle.vid}`, item: { ...vehicle, ...vehicleFacts(vehicle, device) } }
      : null;
    for (const client of subscribers) {
      deliver(client, device.dvid, dev);
      if (vhc) deliver(client, device.dvid, vhc);
    }
  });

  opts.bus.subscribe('geofence.update', ({ dvid, crossing }) => {
    const subscribers = byDvid.get(dvid);
    if (!subscribers) return;
    const message: LiveServerMessage = { mode: 'geofence', id: DEV_PREFIX + dvid, item: crossing };
    for (const client of subscribers) deliver(client, dvid, message);
  });

  /** Open sockets of these users, whatever they subscribed to (PUSH notification recipients). */
  function socketsOf(uids: readonly string[]): Client[] {
    const wanted = new Set(uids);
    return [...clients].filter((c) => wanted.has(c.user.uid) && c.socket.readyState === c.socket.OPEN);
  }

  // A PUSH recipient gets the event only while it still reaches the vehicle: the check runs in
  // the socket's queue, after any access re-read, so revoked access is revoked here too.
  opts.bus.subscribe('notify.push', ({ uids, dvid, item }) => {
    const message: LiveServerMessage = { mode: 'notify', id: DEV_PREFIX + dvid, item };
    for (const client of socketsOf(uids)) {
      client.enqueue(async () => {
        const visible = await opts.fleet.filterVisibleDvids(viewerOf(client.user), [dvid]);
        if (visible.has(dvid)) deliver(client, dvid, message);
      });
    }
  });

  // Events (issue 12): sockets subscribed to the device get each as a 'notify' message; they
  // reach the device, since a subscription is accepted only for what the session may see and is
  // narrowed when its reach shrinks. A console shows each evid once (a PUSH may bring it too).
  opts.bus.subscribe('event.stored', ({ dvid, items }) => {
    const subscribers = byDvid.get(dvid);
    if (!subscribers) return;
    for (const item of items) {
      const message: LiveServerMessage = { mode: 'notify', id: DEV_PREFIX + dvid, item };
      for (const client of subscribers) deliver(client, dvid, message);
    }
  });

  // Resolved tickets (ADR 0073): subscribers of the device that may read tickets refetch theirs.
  // Like every device message, it waits behind an access re-read and goes only where the
  // subscription still stands.
  opts.bus.subscribe('ticket.resolved', ({ items }) => {
    for (const { dvid, item } of items) {
      const message: LiveServerMessage = { mode: 'ticket', id: DEV_PREFIX + dvid, item };
      for (const client of byDvid.get(dvid) ?? []) {
        if (mayCall(toPermissionRole(client.user.userRole), 'readTickets')) deliver(client, dvid, message);
      }
    }
  });

  opts.bus.subscribe('access.changed', ({ uids }) => {
    forgetVisible(uids);
    for (const c of clients) if (concerns(uids, c.user.uid)) recheck(c);
  });
  // Back from a cut from the other nodes: an access change or a sign-out announced meanwhile was
  // lost, so every socket reads its session and reach again (revoked is revoked everywhere).
  opts.bus.subscribe('bus.resumed', () => {
    forgetVisible('all');
    for (const c of clients) recheck(c);
  });

  opts.bus.subscribe('sessions.ended', ({ tokenHashes }) => {
    const ended = new Set(tokenHashes);
    for (const c of [...clients]) if (ended.has(c.tokenHash)) end(c, LIVE_SESSION_ENDED_CLOSE, 'signed out');
  });

  // One sweep for every socket: a session past its end is read again (and closed if it ended).
  const sweep = setInterval(() => {
    const nowMs = opts.now();
    for (const c of clients) if (c.checks === 0 && isDue(c.expiresAtMs, nowMs)) recheck(c);
    const at = performance.now();
    for (const [uid, bucket] of bytesByUser)
      if (!perUser.has(uid) && refill(bucket, bytesPerMinute, opts.limits.burstBytes, at) >= opts.limits.burstBytes)
        bytesByUser.delete(uid);
  }, opts.expirySweepMs);
  sweep.unref();

  return {
    /** Takes a new socket; `session` resolves to its session, or null to refuse it. */
    /**
     * Takes a new socket; `session` resolves to its session, or null to refuse it. `wire` is the
     * connection under it: every byte read from it is charged to the user's rate (ADR 0082).
     */
    attach(socket: WebSocket, session: Promise<LiveSession | null>, tokenHash: string, wire: Pick<Duplex, 'on'>): void {
      // The newcomer is refused, never an open socket closed: a flood cannot take a console's place.
      if (!mayOpen(tokenHash)) {
        closeSocket(socket, LIVE_TOO_MANY_SOCKETS_CLOSE, 'too many live sockets for this session');
        return;
      }
      bump(perSession, tokenHash, 1);
      socket.on('close', () => bump(perSession, tokenHash, -1));
      let chain = Promise.resolve();
      let latest: Buffer | null = null;
      let uid: string | null = null;
      /** Bytes read before the user was known, charged at admission. */
      let unpaid = 0;
      /**
       * The socket is read only while no subscribe of it is being handled and its user is out of
       * byte debt; nothing is read before the user is known (a new socket is no way around the rate).
       */
      let handling = false;
      let admitted = false;
      let debtUntil = 0;
      let timer: NodeJS.Timeout | null = null;
      const flow = () => {
        if (socket.readyState !== socket.OPEN) return;
        const waitMs = debtUntil - performance.now();
        if (!admitted || handling || waitMs > 0) socket.pause();
        else socket.resume();
        if (waitMs > 0 && !timer)
          timer = setTimeout(() => {
            timer = null;
            flow();
          }, waitMs).unref();
      };
      /** Charges bytes read to the user; in debt, nothing more is read until it is paid (ADR 0082). */
      const pay = (bytes: number) => {
        if (uid === null) {
          unpaid += bytes;
          return;
        }
        const debtMs = charge(uid, bytes);
        if (debtMs > 0) debtUntil = Math.max(debtUntil, performance.now() + debtMs);
        flow();
      };
      wire.on('data', (chunk: Buffer) => pay(chunk.length));
      socket.pause();
      const enqueue = (task: () => Promise<void>) => {
        chain = chain.then(task).catch((err: unknown) => opts.onError(err, 'live socket'));
      };
      // Messages are handled one after the other, after the session is known, so early
      // subscriptions are not lost and never interleave with an access check.
      const ready: Promise<Client | null> = session.then((s) => {
        if (!s) {
          closeSocket(socket, LIVE_SESSION_ENDED_CLOSE, 'not signed in');
          return null;
        }
        if (socket.readyState !== socket.OPEN) return null;
        if (socketRefusal({ session: 0, user: perUser.get(s.user.uid) ?? 0 }, opts.limits)) {
          closeSocket(socket, LIVE_TOO_MANY_SOCKETS_CLOSE, 'too many live sockets for this user');
          return null;
        }
        const client: Client = { ...s, socket, tokenHash, dvids: new Set(), held: null, checks: 0, enqueue };
        admit(client);
        admitted = true;
        uid = s.user.uid;
        pay(unpaid);
        socket.on('close', () => {
          if (timer) clearTimeout(timer);
          unsubscribeAll(client);
          dismiss(client);
        });
        return client;
      });
      socket.on('message', (data, isBinary) => {
        if (isBinary) return;
        const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
        // Only the latest subscribe waiting counts: an earlier one still waiting is dropped unread.
        const waiting = latest !== null;
        latest = bytes;
        if (waiting) return;
        // Nothing more is read from the socket until this one is handled: a client that sends
        // faster than its subscribes are handled is slowed by TCP, not buffered here.
        handling = true;
        flow();
        enqueue(async () => {
          try {
            const client = await ready;
            const raw = latest;
            latest = null;
            if (raw && client && clients.has(client) && socket.readyState === socket.OPEN)
              await handleSubscribe(client, raw);
          } finally {
            handling = false;
            flow();
          }
        });
      });
    },

    /** Whether a socket of this session and user would be taken now: the HTTP upgrade asks first (ADR 0082). */
    mayOpen,

    /** Server shutdown: 1001 so consoles reconnect to the next server. */
    closeAll(): void {
      clearInterval(sweep);
      for (const c of clients) closeSocket(c.socket, 1001, 'server restarting');
    },

    /** How many open consoles these users have: a push to them reaches that many. */
    openConsoles(uids: readonly string[]): number {
      return socketsOf(uids).length;
    },

    stats() {
      return { clients: clients.size, subscribedDevices: byDvid.size };
    },
  };
}
export type LiveHub = ReturnType<typeof createLiveHub>;
