import type { ProtocolDefinition } from '../protocol.ts';
import { gps103Commands } from './commands.ts';
import { createGps103Session } from './decoder.ts';
import { createGps103Framer } from './frame.ts';

/** Coban GPS103 / TK103 text reports over TCP (DESIGN §4). */
export const gps103Protocol: ProtocolDefinition = {
  id: 'gps103',
  models: ['TK103'],
  transports: ['tcp'],
  defaultPort: 5001,
  createFramer: () => createGps103Framer(),
  createSession: () => createGps103Session(),
  commands: gps103Commands,
};

export { gps103Commands, formatInterval as formatGps103Interval } from './commands.ts';
export { createGps103Session, type Gps103Session } from './decoder.ts';
export { createGps103Framer, GPS103_MAX_BUFFERED_BYTES, type Gps103FramerOptions } from './frame.ts';
export { encodeGps103Heartbeat, encodeGps103Login, encodeGps103Position, type Gps103PositionInput } from './encoder.ts';
