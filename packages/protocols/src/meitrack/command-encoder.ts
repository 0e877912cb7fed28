import type { CommandEncoder, DeviceCommand } from '../command.ts';
import { meitrackChecksum } from './envelope.ts';

/** The data identifiers we use, one per serial: letters only, within the 0x41–0x7A range devices use. */
const FLAGS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * The data identifier for a command serial. The tracker repeats it in its reply, which the
 * session returns as `attributes.commandFlag`: the gateway matches an answer by this letter and
 * the command code at the start of `attributes.result` (52 letters, so serial modulo 52).
 */
export function meitrackFlagFor(serial: number): string {
  return FLAGS[Math.abs(Math.trunc(serial)) % FLAGS.length] ?? 'A';
}

/**
 * Command codes (Meitrack GPRS protocol, "command list"):
 * - C01 controls the outputs: a speed limit (0 = at once) and one digit per output, 1 on,
 *   0 off, 2 unchanged. Output 1 drives the fuel/ignition relay, so 12222 stops the engine
 *   and 02222 lets it run.
 * - A12 tracks by time interval, in units of 10 seconds (0 turns it off); seconds are rounded
 *   to the nearest 10, at least 10.
 * - F01 restarts the GSM module: Meitrack has no whole-device restart over GPRS, and this is
 *   the one that drops and re-opens the connection. (F02 restarts only the GPS module.)
 * - A10 asks for the current position; the tracker answers with an AAA report.
 * - `custom` is the command code and its parameters, e.g. "B07,60" (no flag, IMEI or checksum).
 */
function commandBody(command: DeviceCommand): string {
  switch (command.type) {
    case 'engineStop':
      return 'C01,0,12222';
    case 'engineResume':
      return 'C01,0,02222';
    case 'setInterval':
      return `A12,${Math.max(1, Math.round(command.seconds / 10))}`;
    case 'reboot':
      return 'F01';
    case 'requestPosition':
      return 'A10';
    case 'custom':
      return command.text;
  }
}

/**
 * A server command (Meitrack GPRS protocol, "GPRS command format"):
 * `@@<flag><length>,<IMEI>,<command>*<checksum>\r\n`. The length counts from the comma after it
 * through CR LF; the checksum is the sum of every byte from `@@` through `*`, modulo 256, in two
 * upper-case hex digits.
 */
export function encodeMeitrackCommand(flag: string, imei: string, body: string): Uint8Array {
  if (!/^[\x20-\x7e]+$/.test(body) || body.includes('*'))
    throw new RangeError(`Meitrack command must be printable ASCII without '*': ${JSON.stringify(body)}`);
  const tail = `,${imei},${body}*`;
  const head = `@@${flag}${tail.length + 4}${tail}`;
  const bytes = Uint8Array.from(head, (c) => c.charCodeAt(0));
  return Uint8Array.from(`${head}${meitrackChecksum(bytes)}\r\n`, (c) => c.charCodeAt(0));
}

export const meitrackCommandEncoder: CommandEncoder = {
  supported: ['engineStop', 'engineResume', 'setInterval', 'reboot', 'requestPosition', 'custom'],
  encode(command, target) {
    return encodeMeitrackCommand(meitrackFlagFor(target.serial), target.imei, commandBody(command));
  },
};
