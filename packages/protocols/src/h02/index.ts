import type { SessionOptions } from '../message.ts';
import type { ProtocolDefinition } from '../protocol.ts';
import { createH02Session } from './decoder.ts';
import { createH02Framer } from './frame.ts';

/** H02 text and binary reports over TCP and UDP (DESIGN §4). */
export const h02Protocol = {
  id: 'h02',
  models: ['H02'],
  transports: ['tcp', 'udp'],
  defaultPort: 5013,
  createFramer: () => createH02Framer(),
  // TCP connections and UDP peers decode alike; the transport only changes who frames the bytes.
  createSession: (_options?: SessionOptions) => createH02Session(),
} satisfies ProtocolDefinition;

export { createH02Session, type H02DecodeContext, type H02Session } from './decoder.ts';
export { createH02Framer, H02_BINARY_LENGTHS, H02_MAX_FRAME_BYTES, type H02FramerOptions } from './frame.ts';
export {
  encodeH02Binary,
  encodeH02Heartbeat,
  encodeH02Position,
  encodeH02Reply,
  type H02PositionInput,
} from './encoder.ts';
export {
  encodeStatus as encodeH02Status,
  statusAttributes as h02StatusAttributes,
  type StatusInput,
} from './status.ts';
