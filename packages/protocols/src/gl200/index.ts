import type { ProtocolDefinition } from '../protocol.ts';
import { createGl200Session } from './decoder.ts';
import { createGl200Framer } from './frame.ts';

export { createGl200Framer, GL200_MAX_BUFFERED_BYTES, type Gl200FramerOptions } from './frame.ts';
export { createGl200Session, type Gl200Session } from './decoder.ts';
export {
  encodeGl200Fri,
  encodeGl200Heartbeat,
  encodeHeartbeatAck,
  GL300_PROTOCOL_VERSION,
  type Gl200FriInput,
  type Gl200HeartbeatInput,
} from './encoder.ts';

/** Queclink GL200 family over TCP (DESIGN §4): text `+RESP:`/`+BUFF:`/`+ACK:` reports and binary reports. */
export const gl200Protocol: ProtocolDefinition = {
  id: 'gl200',
  models: ['GL300'],
  transports: ['tcp'],
  defaultPort: 5004,
  createFramer: () => createGl200Framer(),
  createSession: () => createGl200Session(),
};
