import dgram from 'node:dgram';
import { decodeTeltonikaUdpAck, encodeTeltonikaUdpDatagram } from '@jejak/protocols';

/** A tracker on its own UDP socket (its own remote address), collecting the acks it gets. */
export async function udpTracker(port: number, imei: string) {
  const socket = dgram.createSocket('udp4');
  const acked = new Set<number>();
  const waiters: (() => void)[] = [];
  socket.on('message', (m) => {
    const ack = decodeTeltonikaUdpAck(m);
    if (ack) acked.add(ack.packetId);
    for (const w of waiters.splice(0)) w();
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    acked,
    /** `records` records a second apart from `timeMs` in a datagram with this packet id. */
    send(packetId: number, timeMs: number, records = 1): void {
      const record = (i: number) => ({
        timeMs: timeMs + i * 1000,
        lat: 3.1 + packetId / 1e6,
        lon: 101.6,
        altitude: 40,
        course: 90,
        satellites: 9,
        speedKmh: 40,
        io: {},
      });
      const datagram = encodeTeltonikaUdpDatagram(
        imei,
        Array.from({ length: records }, (_, i) => record(i)),
        {
          packetId,
          avlPacketId: packetId & 0xff,
        },
      );
      socket.send(datagram, port, '127.0.0.1');
    },
    /** True once `packetId` is acknowledged; false after `ms` without it. */
    async ack(packetId: number, ms = 5000): Promise<boolean> {
      const deadline = Date.now() + ms;
      while (!acked.has(packetId) && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return acked.has(packetId);
    },
    close: () => socket.close(),
  };
}
