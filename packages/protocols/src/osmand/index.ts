import type { ProtocolDefinition } from '../registry.ts';
import { createOsmandFramer, createOsmandSession } from './decoder.ts';

/** OsmAnd over HTTP: phone tracker apps such as Traccar Client (DESIGN §4). */
export const osmandProtocol = {
  id: 'osmand',
  models: ['OSMAND'],
  transports: ['http'],
  defaultPort: 5055,
  createFramer: () => createOsmandFramer(),
  createSession: () => createOsmandSession(),
} satisfies ProtocolDefinition;

export { createOsmandFramer, createOsmandSession, type OsmandDecodeContext, type OsmandSession } from './decoder.ts';
export { osmandRequest, type OsmandRequestInput } from './encoder.ts';
