import { DEVICE_SETTINGS } from '@jejak/domain';
import type { ProtocolDefinition } from '../protocol.ts';
import { suntechCommands } from './commands.ts';
import { createSuntechSession } from './decoder.ts';
import { createSuntechFramer } from './frame.ts';

export { suntechCommands } from './commands.ts';
export { createSuntechSession, type SuntechSession } from './decoder.ts';
export { encodeSuntechStt, type SuntechSttInput } from './encoder.ts';
export { createSuntechFramer, SUNTECH_MAX_BUFFERED_BYTES, type SuntechFramerOptions } from './frame.ts';
export { parseSuntechSettings, type SuntechSettings } from './settings.ts';

/** Suntech over TCP (DESIGN §4): Universal `STT;…` and legacy `ST300STT;…` text reports, zip and binary reports. */
export const suntechProtocol: ProtocolDefinition = {
  id: 'suntech',
  // One model for the whole family: the decoder tells the families apart by their reports.
  models: ['ST300'],
  transports: ['tcp'],
  defaultPort: 5011,
  createFramer: () => createSuntechFramer(),
  createSession: (o) => createSuntechSession(o.settings),
  commands: suntechCommands,
  settings: DEVICE_SETTINGS.ST300,
};
