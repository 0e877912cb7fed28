import type { ProtocolDefinition } from '../protocol.ts';
import { createMeitrackSession } from './decoder.ts';
import { createMeitrackFramer } from './frame.ts';

export { createMeitrackFramer, MEITRACK_MAX_BUFFERED_BYTES, type MeitrackFramerOptions } from './frame.ts';
export { createMeitrackSession, type MeitrackSession, type MeitrackSessionOptions } from './decoder.ts';
export { encodeMeitrackAAA, encodeMeitrackFrame, type MeitrackAaaInput } from './encoder.ts';
export { meitrackChecksum } from './envelope.ts';

/** Meitrack over TCP (DESIGN §4): text `$$…` reports and the binary CCC/CCE reports. */
export const meitrackProtocol: ProtocolDefinition = {
  id: 'meitrack',
  models: ['MT90'],
  transports: ['tcp'],
  defaultPort: 5020,
  createFramer: () => createMeitrackFramer(),
  // Like GT06 (ADR 0009): a well-framed report with a miscomputed checksum is kept, with a warning.
  createSession: () => createMeitrackSession({ checksum: 'lenient' }),
};
