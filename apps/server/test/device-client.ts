import net from 'node:net';
import { createGt06Framer, decodeAck } from '@jejak/protocols';

/** A bare tracker over real TCP for tests: writes frames, collects the server's acks. */
export async function connectDevice(port: number) {
  const socket = net.connect(port, '127.0.0.1');
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
