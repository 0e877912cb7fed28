import type { CommandEncoder, DeviceCommand, CommandTarget } from '../command.ts';
import { encodeFrame } from './encoder.ts';

/** Protocol number of a server command (GT06 protocol §5.6, "server sends command to terminal"). */
export const GT06_SERVER_COMMAND = 0x80;
/** Language word after the command text: 0x0002 asks for answers in English. */
const LANGUAGE_ENGLISH = 0x0002;

/**
 * The command texts. Concox firmwares know several spellings of the relay command: the GT06N
 * manual's "DYD,000000#" (cut oil) / "HFYD,000000#" (restore), and "RELAY,1#" / "RELAY,0#" on
 * the later GT06N, GT800, JM and X3 firmwares. We send RELAY: it needs no password and the
 * current Concox command lists give it; "custom" reaches a device that wants the older form.
 */
export function concoxCommandText(command: DeviceCommand): string | null {
  switch (command.type) {
    case 'engineStop':
      return 'RELAY,1#';
    case 'engineResume':
      return 'RELAY,0#';
    case 'setInterval':
      return `TIMER,${Math.round(command.seconds)}#`;
    case 'reboot':
      return 'RESET#';
    case 'requestPosition':
      return 'WHERE#';
    case 'custom':
      return command.text;
  }
}

/**
 * 0x80 server command (GT06 protocol §5.6): command length (server flag + text), the 4-byte
 * server flag, the ASCII text, the language word, then the frame's serial and CRC-ITU. The flag
 * is the target's serial: the device echoes it in its 0x15/0x21 answer, which the decoder
 * returns as `attributes.commandSerial` beside the answer text in `attributes.result`.
 */
export function encodeGt06Command(text: string, target: CommandTarget): Uint8Array {
  const ascii = Array.from(text, (c) => {
    const code = c.charCodeAt(0);
    if (code > 0x7e) throw new RangeError(`GT06 command text must be ASCII: ${JSON.stringify(text)}`);
    return code;
  });
  const flag = target.serial >>> 0;
  const content = Uint8Array.from([
    4 + ascii.length,
    (flag >>> 24) & 0xff,
    (flag >>> 16) & 0xff,
    (flag >>> 8) & 0xff,
    flag & 0xff,
    ...ascii,
    LANGUAGE_ENGLISH >> 8,
    LANGUAGE_ENGLISH & 0xff,
  ]);
  return encodeFrame(GT06_SERVER_COMMAND, content, target.serial & 0xffff);
}

export const gt06CommandEncoder: CommandEncoder = {
  supported: ['engineStop', 'engineResume', 'setInterval', 'reboot', 'requestPosition', 'custom'],
  encode(command, target) {
    const text = concoxCommandText(command);
    return text === null ? null : encodeGt06Command(text, target);
  },
  // Concox trackers take the same texts by SMS (their user manuals' command lists).
  sms: (command) => concoxCommandText(command),
};
