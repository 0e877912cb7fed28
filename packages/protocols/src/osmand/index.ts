import type { SessionOptions } from '../message.ts';
import type { ProtocolDefinition } from '../protocol.ts';
import { createOsmandFramer, createOsmandSession } from './decoder.ts';

/** OsmAnd over HTTP: phone tracker apps such as Traccar Client (DESIGN §4). */
export const osmandProtocol = {
  id: 'osmand',
  models: ['OSMAND'],
  transports: ['http'],
  defaultPort: 5055,
  createFramer: () => createOsmandFramer(),
  // One session per device; nothing in the options changes how a request is read.
  createSession: (_options?: SessionOptions) => createOsmandSession(),
} satisfies ProtocolDefinition;

export { createOsmandFramer, createOsmandSession, type OsmandDecodeContext, type OsmandSession } from './decoder.ts';
export { osmandRequest, type OsmandRequestInput } from './encoder.ts';
