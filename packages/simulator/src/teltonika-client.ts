import {
  encodeCodec8ExtendedPacket,
  encodeTeltonikaImei,
  type TeltonikaIoInput,
  type TeltonikaRecordInput,
} from '@jejak/protocols';
import {
  createTrackerClient,
  type DeviceFix,
  type ServerReply,
  type TrackerClient,
  type TrackerClientOptions,
  type TrackerProtocol,
} from './tracker-client.ts';

/** A Teltonika record: the fix plus the IO elements an FMB device would attach. */
export interface TeltonikaFix extends DeviceFix {
  altitude?: number;
  /** IO values beyond ignition (which always comes from `acc`). */
  io?: Omit<TeltonikaIoInput, 'ignition'>;
  /** The IO id whose change made this record (239 ignition, 240 movement); 0 periodic. */
  eventIoId?: number;
  /** No ignition wire: the record carries no ignition IO (`acc` is then the engine, unreported). */
  noIgnition?: true;
}

export interface TeltonikaClientOptions extends TrackerClientOptions<TeltonikaFix> {
  /** Records per AVL packet at most. Default 25. */
  maxRecordsPerPacket?: number;
}

/** "Codec 8 Extended", AVL Data: an invalid fix has no satellites and no speed, at the last known place. */
export function teltonikaRecord(f: TeltonikaFix): TeltonikaRecordInput {
  const valid = f.valid ?? true;
  return {
    timeMs: f.timeMs,
    lat: f.lat,
    lon: f.lon,
    altitude: f.altitude ?? 0,
    course: f.course,
    satellites: valid ? f.satellites : 0,
    speedKmh: valid ? Math.max(0, Math.round(f.speedKmh)) : 0,
    eventIoId: f.eventIoId ?? 0,
    io: f.noIgnition ? { ...f.io } : { ...f.io, ignition: f.acc },
  };
}

/**
 * The Teltonika half of a simulated FMB tracker over TCP ("Communication with server"): the
 * IMEI, then the server's 01 (00 refuses); codec 8 Extended AVL packets with CRC-16/IBM, one at
 * a time, each acknowledged by its record count (4 bytes). Teltonika has no re-upload flag:
 * records kept in memory go out later with their original times.
 */
export function teltonikaProtocol(maxRecordsPerPacket = 25): TrackerProtocol<TeltonikaFix> {
  let sequence = 0;
  return {
    maxFixesPerPacket: Math.min(255, maxRecordsPerPacket),
    maxInFlight: 1,
    createReader() {
      let loggedIn = false;
      let buffered = Buffer.alloc(0);
      return (chunk) => {
        buffered = Buffer.concat([buffered, chunk]);
        const replies: ServerReply[] = [];
        if (!loggedIn && buffered.length >= 1) {
          const accepted = buffered[0] === 0x01;
          replies.push({ kind: 'login', accepted });
          buffered = buffered.subarray(1);
          loggedIn = accepted;
          if (!accepted) return { replies };
        }
        while (loggedIn && buffered.length >= 4) {
          replies.push({ kind: 'ack', count: buffered.readUInt32BE(0) });
          buffered = buffered.subarray(4);
        }
        return { replies };
      };
    },
    login: (imei) => encodeTeltonikaImei(imei),
    packet(fixes) {
      sequence = (sequence % 0x7fffffff) + 1;
      return { bytes: encodeCodec8ExtendedPacket(fixes.map((p) => teltonikaRecord(p.fix))), serial: sequence };
    },
  };
}

/** One simulated Teltonika tracker over real TCP (see createTrackerClient). */
export function createTeltonikaClient(options: TeltonikaClientOptions): TrackerClient {
  return createTrackerClient(teltonikaProtocol(options.maxRecordsPerPacket), options);
}
