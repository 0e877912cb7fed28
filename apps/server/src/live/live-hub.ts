import type { WebSocket } from 'ws';
import { LIVE_NORMAL_CLOSE, SubscribeMessageSchema, type LiveServerMessage } from '@jejak/contract';
import type { User } from '@jejak/domain';
import type { Bus } from '../bus/bus.ts';
import type { FleetRepo } from '../storage/fleet-repo.ts';
import { viewerOf } from '../services/user-service.ts';

/** A slow client is not allowed to hold memory: beyond this we skip updates (it refetches on reconnect). */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
const DEV_PREFIX = 'dev#';

interface Client {
  socket: WebSocket;
  user: User;
  sessionKey: string;
  dvids: Set<string>;
}

export interface LiveHubOptions {
  bus: Bus;
  fleet: FleetRepo;
  onError: (err: unknown, context: string) => void;
}

/**
 * The live channel (DESIGN §3): clients subscribe to dev#{dvid} ids; the hub accepts only
 * ids the session may see and pushes dev, vhc and geofence updates from the bus.
 */
export function createLiveHub(opts: LiveHubOptions) {
  const byDvid = new Map<string, Set<Client>>();
  const clients = new Set<Client>();

  function send(client: Client, message: LiveServerMessage): void {
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (client.socket.bufferedAmount > MAX_BUFFERED_BYTES) return;
    client.socket.send(JSON.stringify(message));
  }

  function unsubscribeAll(client: Client): void {
    for (const dvid of client.dvids) {
      const set = byDvid.get(dvid);
      set?.delete(client);
      if (set?.size === 0) byDvid.delete(dvid);
    }
    client.dvids.clear();
  }

  async function handleMessage(client: Client, raw: string): Promise<void> {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return;
    }
    const parsed = SubscribeMessageSchema.safeParse(json);
    if (!parsed.success) return;
    const requested = parsed.data.data.ids.map((id) => id.slice(DEV_PREFIX.length));
    // A client may only ever subscribe as itself; the uid field is checked, not trusted.
    const allowed =
      parsed.data.data.uid === client.user.uid
        ? await opts.fleet.filterVisibleDvids(viewerOf(client.user), requested)
        : new Set<string>();
    unsubscribeAll(client);
    for (const dvid of allowed) {
      client.dvids.add(dvid);
      let set = byDvid.get(dvid);
      if (!set) byDvid.set(dvid, (set = new Set()));
      set.add(client);
    }
    const ids = [...allowed].map((d) => DEV_PREFIX + d);
    send(client, { mode: 'subscribed', id: client.user.uid, item: { ids, rejected: requested.length - ids.length } });
  }

  opts.bus.subscribe('fleet.update', ({ device, vehicle }) => {
    const subscribers = byDvid.get(device.dvid);
    if (!subscribers) return;
    const dev: LiveServerMessage = { mode: 'dev', id: DEV_PREFIX + device.dvid, item: device };
    const vhc: LiveServerMessage | null = vehicle ? { mode: 'vhc', id: `vhc#${vehicle.vid}`, item: vehicle } : null;
    for (const client of subscribers) {
      send(client, dev);
      if (vhc) send(client, vhc);
    }
  });

  opts.bus.subscribe('geofence.update', ({ dvid, crossing }) => {
    const subscribers = byDvid.get(dvid);
    if (!subscribers) return;
    const message: LiveServerMessage = { mode: 'geofence', id: DEV_PREFIX + dvid, item: crossing };
    for (const client of subscribers) send(client, message);
  });

  return {
    /** Takes a new socket; `user` resolves to its session's user, or null to refuse it. */
    attach(socket: WebSocket, user: Promise<User | null>, sessionKey: string): void {
      // Messages are handled one after the other, after the session is known, so early
      // subscriptions are not lost and never interleave.
      const ready: Promise<Client | null> = user.then((u) => {
        if (!u) {
          socket.close(LIVE_NORMAL_CLOSE, 'not signed in');
          return null;
        }
        if (socket.readyState !== socket.OPEN) return null;
        const client: Client = { socket, user: u, sessionKey, dvids: new Set() };
        clients.add(client);
        socket.on('close', () => {
          unsubscribeAll(client);
          clients.delete(client);
        });
        return client;
      });
      let chain = Promise.resolve();
      socket.on('message', (data, isBinary) => {
        if (isBinary) return;
        const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
        const text = bytes.toString('utf8');
        chain = chain
          .then(async () => {
            const client = await ready;
            if (client && socket.readyState === socket.OPEN) await handleMessage(client, text);
          })
          .catch((err: unknown) => opts.onError(err, 'live message'));
      });
    },

    /** Ends a session's sockets with 1000: the console must not reconnect. */
    closeSession(sessionKey: string): void {
      for (const c of clients) if (c.sessionKey === sessionKey) c.socket.close(LIVE_NORMAL_CLOSE, 'signed out');
    },

    /** Server shutdown: 1001 so consoles reconnect to the next server. */
    closeAll(): void {
      for (const c of clients) c.socket.close(1001, 'server restarting');
    },

    stats() {
      return { clients: clients.size, subscribedDevices: byDvid.size };
    },
  };
}
export type LiveHub = ReturnType<typeof createLiveHub>;
