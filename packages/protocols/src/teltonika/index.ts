import type { ProtocolDefinition } from '../protocol.ts';
import { createTeltonikaSession } from './decoder.ts';
import { createTeltonikaFramer } from './frame.ts';

/** Teltonika FM/FMB devices: codecs 8, 8 Extended and 16 over TCP and UDP (DESIGN §4). */
export const teltonikaProtocol = {
  id: 'teltonika',
  models: ['TEL100'],
  transports: ['tcp', 'udp'],
  defaultPort: 5027,
  createFramer: () => createTeltonikaFramer(),
  createSession: (options) =>
    createTeltonikaSession({
      transport: options.transport === 'udp' ? 'udp' : 'tcp',
      extended: options.extended,
      // A length or CRC that disagrees is a warning: devices and captures get them wrong and
      // the records still read (as GT06, ADR 0009).
      crc: 'lenient',
    }),
} satisfies ProtocolDefinition;

export { createTeltonikaSession, type TeltonikaSession, type TeltonikaSessionOptions } from './decoder.ts';
export { createTeltonikaFramer, TELTONIKA_MAX_BUFFERED_BYTES, type TeltonikaFramerOptions } from './frame.ts';
export {
  decodeTeltonikaAck,
  decodeTeltonikaUdpAck,
  encodeCodec8ExtendedPacket,
  encodeCodec8Packet,
  encodeTeltonikaAck,
  encodeTeltonikaImei,
  encodeTeltonikaUdpAck,
  encodeTeltonikaUdpDatagram,
  type TeltonikaIoInput,
  type TeltonikaRecordInput,
  type TeltonikaUdpOptions,
} from './encoder.ts';
