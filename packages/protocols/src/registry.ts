import { createGt06Framer } from './gt06/frame.ts';
import { createGt06Session } from './gt06/decoder.ts';
import type { Framer, ProtocolSession } from './message.ts';

export type Transport = 'tcp' | 'udp' | 'http';

/** One device protocol the gateway listens for (DESIGN §4). */
export interface ProtocolDefinition {
  id: string;
  /** Device models (the `model` part of `dvid = {model}#{imei}`) that speak it. */
  models: readonly string[];
  transports: readonly Transport[];
  defaultPort: number;
  /** A framer for one connection's byte stream. */
  createFramer(): Framer;
  /** Decoder state for one connection. */
  createSession(): ProtocolSession;
}

/** The one table of protocols. Adding a protocol = one folder, one row here, one test file. */
export const PROTOCOLS: readonly ProtocolDefinition[] = [
  {
    id: 'gt06',
    models: ['GPS100'],
    transports: ['tcp'],
    defaultPort: 5023,
    createFramer: () => createGt06Framer(),
    createSession: () => createGt06Session(),
  },
];

export function protocolById(id: string): ProtocolDefinition | undefined {
  return PROTOCOLS.find((p) => p.id === id);
}
