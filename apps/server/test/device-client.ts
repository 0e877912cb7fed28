import net from 'node:net';
import { destinationPoint, type GeoPoint } from '@jejak/domain';
import { createGt06Framer, decodeAck, encodeFrame, encodeGps22, encodeLogin } from '@jejak/protocols';

/**
 * A bare tracker over real TCP for tests: writes frames, collects the server's acks. Any
 * `localAddress` of 127/8 gives it a source address of its own (Linux routes all of it to lo).
 */
export async function connectDevice(port: number, localAddress?: string) {
  const socket = net.connect({ port, host: '127.0.0.1', ...(localAddress ? { localAddress } : {}) });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const framer = createGt06Framer();
  const acks: { type: number; serial: number; atMs: number }[] = [];
  const waiters: (() => void)[] = [];
  let closed = false;
  socket.on('data', (chunk) => {
    for (const frame of framer.push(chunk).frames) {
      const ack = decodeAck(frame);
      if (ack) acks.push({ ...ack, atMs: Date.now() });
    }
    for (const w of waiters.splice(0)) w();
  });
  const closedPromise = new Promise<void>((resolve) =>
    socket.on('close', () => {
      closed = true;
      for (const w of waiters.splice(0)) w();
      resolve();
    }),
  );
  socket.on('error', () => undefined);

  return {
    acks,
    get closed() {
      return closed;
    },
    closedPromise,
    write(bytes: Uint8Array | Buffer) {
      socket.write(bytes);
    },
    /** Resolves with the ack of `serial`, or rejects after `timeoutMs`. */
    async ack(serial: number, timeoutMs = 5000): Promise<{ type: number; serial: number; atMs: number }> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = acks.find((a) => a.serial === serial);
        if (found) return found;
        if (closed) throw new Error(`connection closed before ack ${serial}`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no ack for serial ${serial}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, left);
        });
      }
    },
    close() {
      socket.destroy();
    },
  };
}

const KLANG = { lat: 3.0449, lon: 101.4456 };

/**
 * A GT06 tracker that reports once a minute of device time from `t0` on: `send` moves it `km`
 * along `course` and reports; `sendAt` reports any fix (from memory, say) without moving it.
 */
export async function gt06Track(port: number, imei: string, t0: number) {
  const device = await connectDevice(port);
  device.write(encodeLogin(imei, 1));
  let serial = 2;
  let t = t0;
  let here: GeoPoint = KLANG;
  const sendAt = async (fix: {
    timeMs: number;
    at: GeoPoint;
    speedKmh: number;
    acc: boolean;
    reupload?: boolean;
    satellites?: number;
    /** false: a record without a GPS fix. */
    valid?: boolean;
  }) => {
    const s = serial++;
    const { lat, lon } = fix.at;
    const reupload = fix.reupload ?? false;
    const { timeMs, speedKmh, acc, satellites = 10, valid = true } = fix;
    device.write(encodeGps22({ timeMs, lat, lon, speedKmh, course: 90, satellites, valid, reupload, acc }, s));
    await device.ack(s);
  };
  const send = async (speedKmh: number, acc: boolean, km = 0, course = 90) => {
    t += 60_000;
    here = destinationPoint(here, course, km);
    await sendAt({ timeMs: t, at: here, speedKmh, acc });
  };
  return { device, send, sendAt, now: () => t, here: () => here };
}

/** A GT06 tracker over real TCP that keeps every frame the server sends it. */
export async function commandTracker(port: number) {
  const socket = net.connect({ port, host: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const framer = createGt06Framer();
  const frames: Uint8Array[] = [];
  const waiters: (() => void)[] = [];
  socket.on('data', (chunk) => {
    frames.push(...framer.push(chunk).frames);
    for (const w of waiters.splice(0)) w();
  });
  socket.on('error', () => undefined);
  return {
    frames,
    write: (bytes: Uint8Array) => socket.write(bytes),
    /** The first frame received that `match` accepts. */
    async next(match: (f: Uint8Array) => boolean, timeoutMs = 10_000): Promise<Uint8Array> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = frames.find(match);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no such frame');
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, left);
        });
      }
    },
    close: () => socket.destroy(),
  };
}

export const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

/** The tracker's 0x15 answer to the command flagged `serial`. */
export function gt06CommandAnswer(serial: number, text: string, frameSerial: number): Uint8Array {
  const body = Buffer.from(text, 'ascii');
  const content = Buffer.alloc(1 + 4 + body.length + 2);
  content[0] = 4 + body.length;
  content.writeUInt32BE(serial, 1);
  body.copy(content, 5);
  content.writeUInt16BE(1, 5 + body.length);
  return encodeFrame(0x15, content, frameSerial);
}
