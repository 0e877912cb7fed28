import net from 'node:net';
import { protocolById } from '@jejak/protocols';

/**
 * A bare GT06 acknowledger: frames, decodes and answers each packet at once, with no pipeline
 * or database. Run against the simulator it shows the load generator's own ceiling.
 */
export async function startSink(): Promise<{ port: number; frames: () => number; close: () => Promise<void> }> {
  const gt06 = protocolById('gt06');
  if (!gt06) throw new Error('gt06 is not registered');
  let frames = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    const framer = gt06.createFramer();
    const session = gt06.createSession({ transport: 'tcp' });
    socket.on('data', (chunk) => {
      socket.cork();
      for (const frame of framer.push(chunk).frames) {
        frames++;
        const reply = session.decode(frame, { receivedAtMs: Date.now() }).reply;
        if (reply) socket.write(reply);
      }
      socket.uncork();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    frames: () => frames,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
