import {
  createGt06Framer,
  decodeAck,
  encodeGps22,
  encodeHeartbeat,
  encodeLogin,
  encodeSos16,
  GT06_ALARM_16,
  GT06_GPS_22,
  GT06_LOGIN,
} from '@jejak/protocols';
import {
  createTrackerClient,
  type DeviceFix,
  type ServerReply,
  type TrackerClient,
  type TrackerClientOptions,
  type TrackerProtocol,
} from './tracker-client.ts';

export type Gt06ClientOptions = TrackerClientOptions;

export type Gt06Client = TrackerClient;

/**
 * The GT06 half of a simulated tracker: login 0x01, one 0x22 fix per packet (its serial echoed
 * in the ack; 0x16 when the driver pressed SOS), 0x13 heartbeats. Late fixes carry the GT06N "GPS real-time re-upload" flag.
 */
export function gt06Protocol(): TrackerProtocol {
  let serial = 0;
  const nextSerial = (): number => (serial = (serial % 0xffff) + 1);
  return {
    maxFixesPerPacket: 1,
    createReader() {
      const framer = createGt06Framer();
      return (chunk) => {
        const out = framer.push(chunk);
        const replies: ServerReply[] = [];
        for (const frame of out.frames) {
          const ack = decodeAck(frame);
          if (ack?.type === GT06_LOGIN) replies.push({ kind: 'login', accepted: true });
          else if (ack?.type === GT06_GPS_22 || ack?.type === GT06_ALARM_16)
            replies.push({ kind: 'ack', serial: ack.serial });
        }
        return { replies, ...(out.error ? { error: out.error } : {}) };
      };
    },
    login: (imei) => encodeLogin(imei, nextSerial()),
    packet([p]) {
      if (!p) throw new RangeError('a GT06 packet carries one fix');
      const s = nextSerial();
      const { timeMs, lat, lon, speedKmh, course, satellites, acc, valid }: DeviceFix = p.fix;
      const fix = { timeMs, lat, lon, speedKmh, course, satellites, acc, valid: valid ?? true, reupload: p.late };
      // An SOS pressed while offline is sent later as a plain fix: it is no alarm any more.
      return { bytes: p.fix.alarm === 'sos' && !p.late ? encodeSos16(fix, s) : encodeGps22(fix, s), serial: s };
    },
    heartbeat: (acc) => encodeHeartbeat({ acc }, nextSerial()),
  };
}

/**
 * One simulated GT06 tracker over real TCP (see createTrackerClient): fixes taken while
 * offline and fixes sent but not acknowledged go out again, flagged as re-uploads, after the
 * next login.
 */
export function createGt06Client(options: Gt06ClientOptions): Gt06Client {
  return createTrackerClient(gt06Protocol(), options);
}
