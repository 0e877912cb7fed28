import { createGt06Framer } from './gt06/frame.ts';
import { createGt06Session } from './gt06/decoder.ts';
import { gl200Protocol } from './gl200/index.ts';
import { gps103Protocol } from './gps103/index.ts';
import { ruptelaProtocol } from './ruptela/index.ts';
import { suntechProtocol } from './suntech/index.ts';
import { jt808Protocol } from './jt808/index.ts';
import { h02Protocol } from './h02/index.ts';
import { meitrackProtocol } from './meitrack/index.ts';
import { osmandProtocol } from './osmand/index.ts';
import { teltonikaProtocol } from './teltonika/index.ts';
import type { ProtocolDefinition } from './protocol.ts';
import { gl200CommandEncoder } from './gl200/command-encoder.ts';
import { gt06CommandEncoder } from './gt06/command-encoder.ts';
import { h02CommandEncoder } from './h02/command-encoder.ts';
import { meitrackCommandEncoder } from './meitrack/command-encoder.ts';
import { teltonikaCommandEncoder } from './teltonika/command-encoder.ts';

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
    commands: gt06CommandEncoder,
  },
  // Teltonika's IMEI handshake is answered 00 to refuse (Teltonika codec document, "Communication").
  { ...teltonikaProtocol, refuseReply: Uint8Array.of(0x00), commands: teltonikaCommandEncoder },
  { ...h02Protocol, commands: h02CommandEncoder },
  osmandProtocol,
  { ...meitrackProtocol, commands: meitrackCommandEncoder },
  { ...gl200Protocol, commands: gl200CommandEncoder },
  gps103Protocol,
  ruptelaProtocol,
  suntechProtocol,
  jt808Protocol,
];

export function protocolById(id: string): ProtocolDefinition | undefined {
  return PROTOCOLS.find((p) => p.id === id);
}
