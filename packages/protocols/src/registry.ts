import { createGt06Framer } from './gt06/frame.ts';
import { createGt06Session } from './gt06/decoder.ts';
import { gl200Protocol } from './gl200/index.ts';
import { h02Protocol } from './h02/index.ts';
import { meitrackProtocol } from './meitrack/index.ts';
import { osmandProtocol } from './osmand/index.ts';
import { teltonikaProtocol } from './teltonika/index.ts';
import type { Framer, ProtocolSession, SessionOptions, Transport } from './message.ts';

export type { Transport };

/** One device protocol the gateway listens for (DESIGN §4). */
export interface ProtocolDefinition {
  id: string;
  /** Device models (the `model` part of `dvid = {model}#{imei}`) that speak it. */
  models: readonly string[];
  transports: readonly Transport[];
  defaultPort: number;
  /** A framer for one TCP connection's byte stream (UDP datagrams and HTTP requests are whole). */
  createFramer(): Framer;
  /** Decoder state for one connection, remote address or device. */
  createSession(options: SessionOptions): ProtocolSession;
  /** Bytes that tell a device it is refused (unknown IMEI), sent before the connection closes. */
  refuseReply?: Uint8Array;
}

/** The one table of protocols. Adding a protocol = one folder, one row here, one test file. */
export const PROTOCOLS: readonly ProtocolDefinition[] = [
  {
    id: 'gt06',
    models: ['GPS100'],
    transports: ['tcp'],
    defaultPort: 5023,
    createFramer: () => createGt06Framer(),
    // Some firmwares miscompute the CRC of well-framed packets (about 3 % of the captures):
    // their data is kept, with a warning (ADR 0009).
    createSession: (options) => createGt06Session({ variant: options.model ?? null, crc: 'lenient' }),
  },
  // Teltonika's IMEI handshake is answered 00 to refuse (Teltonika codec document, "Communication").
  { ...teltonikaProtocol, refuseReply: Uint8Array.of(0x00) },
  h02Protocol,
  osmandProtocol,
  meitrackProtocol,
  gl200Protocol,
];

export function protocolById(id: string): ProtocolDefinition | undefined {
  return PROTOCOLS.find((p) => p.id === id);
}
