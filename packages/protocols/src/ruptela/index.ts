import type { ProtocolDefinition } from '../protocol.ts';
import { ruptelaCommands } from './commands.ts';
import { createRuptelaSession } from './decoder.ts';
import { createRuptelaFramer } from './frame.ts';

/** Ruptela FM-Eco4 / FM-Pro4 / FM-Tco4 binary packets over TCP (DESIGN §4). */
export const ruptelaProtocol: ProtocolDefinition = {
  id: 'ruptela',
  models: ['FMPRO4'],
  transports: ['tcp'],
  defaultPort: 5046,
  createFramer: () => createRuptelaFramer(),
  createSession: () => createRuptelaSession(),
  commands: ruptelaCommands,
};

export { CMD_SMS_VIA_GPRS as RUPTELA_SMS_VIA_GPRS, ruptelaCommands } from './commands.ts';
export { crc16Kermit } from './crc.ts';
export { createRuptelaSession, type RuptelaSession } from './decoder.ts';
export { createRuptelaFramer, RUPTELA_MAX_BUFFERED_BYTES, type RuptelaFramerOptions } from './frame.ts';
export {
  encodeRuptelaPacket,
  encodeRuptelaRecords,
  type RuptelaRecordInput,
  type RuptelaRecordsOptions,
} from './encoder.ts';
