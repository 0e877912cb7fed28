import type { CommandEncoder, CommandTarget, DeviceCommand } from '../command.ts';

/** The factory password of the GL300 (Queclink GL300 @Track protocol, every command's table). */
export const GL200_DEFAULT_PASSWORD = 'gl300';

/** RTO sub commands (GL300 @Track protocol, "real time operation"): 1 RTL (report the position), 3 REBOOT. */
const RTO_RTL = '1';
const RTO_REBOOT = '3';

/**
 * The fields after the password, without the serial number (Queclink @Track protocol). An empty
 * field leaves that setting as it is on the device.
 * - AT+GTOUT (GV200/GV300 "digital output"): output 1 status, duration, toggle times; outputs
 *   2–4 the same; long operation; DOS report; two reserved. Output 1 is the latched output the
 *   immobiliser relay hangs on; duration 0 and toggle 0 make it hold the level ("wave shape 1").
 *   Outputs 2–4 are left unchanged.
 * - AT+GTFRI (GL300 "fixed report information"): mode 1 (fixed time report), discard no fix,
 *   two reserved, start and end time, send interval, check interval (both the requested
 *   seconds), then eleven fields left unchanged.
 * - AT+GTRTO: sub command, single configuration command, four reserved.
 */
function commandText(command: DeviceCommand, target: CommandTarget): string {
  switch (command.type) {
    case 'engineStop':
      return encodeGl200Command('OUT', output1('1'), target);
    case 'engineResume':
      return encodeGl200Command('OUT', output1('0'), target);
    case 'setInterval': {
      const s = String(Math.round(command.seconds));
      return encodeGl200Command('FRI', ['1', '', '', '', '', '', s, s, ...blank(11)], target);
    }
    case 'reboot':
      return encodeGl200Command('RTO', [RTO_REBOOT, ...blank(5)], target);
    case 'requestPosition':
      return encodeGl200Command('RTO', [RTO_RTL, ...blank(5)], target);
    case 'custom':
      return command.text;
  }
}

const blank = (n: number): string[] => Array.from({ length: n }, () => '');
const output1 = (status: '0' | '1'): string[] => [status, '0', '0', ...blank(13)];

function password(target: CommandTarget): string {
  const value = target.settings?.password;
  const pw = typeof value === 'string' && value !== '' ? value : GL200_DEFAULT_PASSWORD;
  if (!/^[0-9A-Za-z]{4,6}$/.test(pw)) throw new RangeError('GL200 password must be 4–6 letters or digits');
  return pw;
}

/**
 * `AT+GT<type>=<password>,<fields>,<serial number>$` (Queclink @Track protocol, "command
 * format"). The serial number, four hex digits, is the target's serial: the device echoes it in
 * its `+ACK:GT<type>` answer, which the session returns as `attributes.commandSerial` beside the
 * answer in `attributes.result`. `custom` is sent as given: a whole `AT+GT…$` command.
 */
export function encodeGl200Command(type: string, fields: readonly string[], target: CommandTarget): string {
  const serial = (target.serial & 0xffff).toString(16).toUpperCase().padStart(4, '0');
  return `AT+GT${type}=${[password(target), ...fields, serial].join(',')}$`;
}

export const gl200CommandEncoder: CommandEncoder = {
  supported: ['engineStop', 'engineResume', 'setInterval', 'reboot', 'requestPosition', 'custom'],
  encode(command, target) {
    const text = commandText(command, target);
    if (!/^[\x20-\x7e]+$/.test(text))
      throw new RangeError(`GL200 commands are printable ASCII: ${JSON.stringify(text)}`);
    return Uint8Array.from(text, (c) => c.charCodeAt(0));
  },
};
