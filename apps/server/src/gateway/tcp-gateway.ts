import net from 'node:net';
import type { NormalizedMessage, ProtocolDefinition } from '@jejak/protocols';
import type { Pipeline } from '../pipeline/pipeline.ts';
import type { FleetRepo } from '../storage/fleet-repo.ts';
import type { GatewayCounters } from './counters.ts';

export interface GatewayLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface TcpGatewayOptions {
  protocol: ProtocolDefinition;
  host: string;
  port: number;
  idleTimeoutMs: number;
  pipeline: Pipeline;
  fleet: FleetRepo;
  counters: GatewayCounters;
  log: GatewayLogger;
  now: () => number;
}

const HEX_DUMP_BYTES = 48;

function hexDump(bytes: Uint8Array): string {
  return Buffer.from(bytes.subarray(0, HEX_DUMP_BYTES)).toString('hex') + (bytes.length > HEX_DUMP_BYTES ? '…' : '');
}

/**
 * One TCP listener for one protocol (DESIGN §1). Frames are decoded in arrival order; a
 * device is identified by its login; replies that confirm data are written only after the
 * pipeline has committed it, and in the order the frames came.
 */
export async function startTcpGateway(opts: TcpGatewayOptions): Promise<{ port: number; close(): Promise<void> }> {
  const { protocol, pipeline, counters, log } = opts;
  const sockets = new Set<net.Socket>();

  const server = net.createServer((socket) => {
    sockets.add(socket);
    counters.connections++;
    const peer = `${socket.remoteAddress ?? '?'}:${socket.remotePort ?? '?'}`;
    const framer = protocol.createFramer();
    const session = protocol.createSession({ transport: 'tcp' });
    let dvid: string | null = null;
    let closing = false;
    let work: Promise<void> = Promise.resolve();
    let replies: Promise<void> = Promise.resolve();

    const reject = (reason: string, bytes: Uint8Array) => {
      if (closing) return;
      counters.badFrames++;
      log.warn({ protocol: protocol.id, peer, dvid, reason, hex: hexDump(bytes) }, 'bad frame, closing connection');
      if (dvid) void pipeline.logSession(dvid, 'event#session#error', opts.now(), reason).catch(() => undefined);
      closing = true;
      socket.destroy();
    };

    const identify = async (imei: string): Promise<boolean> => {
      const device = await opts.fleet.deviceByImei(imei, protocol.models);
      if (device) {
        dvid = device.dvid;
        return true;
      }
      counters.unknownDevices++;
      log.warn({ protocol: protocol.id, peer, imei }, 'unknown device refused');
      await opts.fleet.recordUnknownDevice(protocol.id, imei, peer, opts.now());
      return false;
    };

    const handleFrame = async (frame: Uint8Array): Promise<void> => {
      const result = session.decode(frame);
      if (result.unsupported) {
        counters.unsupportedFrames++;
        log.info({ protocol: protocol.id, peer, dvid, reason: result.error }, 'unsupported frame ignored');
        return;
      }
      if (result.error) return reject(result.error, frame);
      if (result.warnings.length > 0) {
        counters.frameWarnings++;
        log.info({ protocol: protocol.id, peer, dvid, warnings: result.warnings }, 'frame accepted with warnings');
      }
      counters.frames++;
      const login = result.messages.find((m) => m.kind === 'login' && m.imei);
      if (login?.imei && !dvid && !(await identify(login.imei))) {
        closing = true;
        socket.destroy();
        return;
      }
      if (!dvid) return reject('data before login', frame);
      const current = dvid;
      const committed = Promise.all(result.messages.map((m: NormalizedMessage) => pipeline.submit(current, m)));
      // Handled below, in order; until then a failure must not count as unhandled.
      committed.catch(() => undefined);
      const reply = result.reply;
      replies = replies
        .then(() => committed)
        .then(
          () => {
            if (reply && !socket.destroyed) socket.write(reply);
          },
          (err: unknown) => {
            // Not stored, so not acknowledged: the device keeps the data and sends it again.
            log.warn({ protocol: protocol.id, dvid: current, err: String(err) }, 'store failed, closing connection');
            socket.destroy();
          },
        );
    };

    socket.setTimeout(opts.idleTimeoutMs, () => {
      if (dvid) void pipeline.logSession(dvid, 'event#session#timeout', opts.now(), 'idle').catch(() => undefined);
      closing = true;
      socket.destroy();
    });
    socket.on('data', (chunk) => {
      if (closing) return;
      const { frames, error } = framer.push(chunk);
      for (const frame of frames) work = work.then(() => (closing ? undefined : handleFrame(frame)));
      if (error) work = work.then(() => reject(error, chunk));
      work = work.catch((err: unknown) => reject(`internal: ${String(err)}`, chunk));
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(socket);
      counters.connections--;
      if (dvid && !closing)
        void pipeline.logSession(dvid, 'event#session#close', opts.now(), null).catch(() => undefined);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  log.info({ protocol: protocol.id, port }, 'gateway listening');
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
