import type { CommandEncoder } from '../command.ts';
import { encodeRuptelaPacket } from './encoder.ts';

/** "SMS via GPRS" (command 8 + 100): an SMS command sent over the connection (Ruptela protocol, "Commands"). */
export const CMD_SMS_VIA_GPRS = 0x6c;
/** An SMS holds at most 160 characters. */
const MAX_SMS_LENGTH = 160;

/**
 * Commands for Ruptela devices. Only `custom` is offered: the text is an SMS command as the
 * device's SMS interface takes it (`<password> <command>`, a leading space when the password is
 * empty, e.g. ` getver`), sent in an SMS-via-GPRS packet; the device answers with command 7, which
 * the decoder reads into `result`. Engine stop/resume, intervals and position requests are
 * settings of the device's configuration (which output drives a relay is wired per vehicle), so
 * none is encoded here. Text must be printable ASCII of at most 160 characters.
 */
export const ruptelaCommands: CommandEncoder = {
  supported: ['custom'],
  encode(command) {
    if (command.type !== 'custom') return null;
    const text = command.text;
    if (text.length === 0 || text.length > MAX_SMS_LENGTH || !/^[\x20-\x7e]+$/.test(text)) return null;
    return encodeRuptelaPacket(
      CMD_SMS_VIA_GPRS,
      Array.from(text, (c) => c.charCodeAt(0)),
    );
  },
};
