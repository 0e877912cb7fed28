import { DEVICE_SETTINGS } from '@jejak/domain';
import type { ProtocolDefinition } from '../protocol.ts';
import { jt808Commands } from './commands.ts';
import { createJt808Session } from './decoder.ts';
import { createJt808Framer } from './frame.ts';

export { jt808Commands } from './commands.ts';
export { createJt808Session, type Jt808Session } from './decoder.ts';
export { createJt808Framer, escapeJt808, JT808_MAX_BUFFERED_BYTES, unescapeJt808 } from './frame.ts';
export {
  encodeJt808Heartbeat,
  encodeJt808Location,
  encodeJt808Register,
  type Jt808LocationInput,
  type Jt808RegisterInput,
} from './encoder.ts';

/** JT/T 808-2013/2019 terminals over TCP (DESIGN §4): Jimi/Concox and the many Chinese 808 trackers. */
export const jt808Protocol: ProtocolDefinition = {
  id: 'jt808',
  // One model in the device form; a vendor layout is the device's modelOverride setting.
  models: ['JT808'],
  transports: ['tcp'],
  defaultPort: 5015,
  createFramer: () => createJt808Framer(),
  createSession: (options) => createJt808Session(options),
  commands: jt808Commands,
  settings: DEVICE_SETTINGS.JT808,
};
