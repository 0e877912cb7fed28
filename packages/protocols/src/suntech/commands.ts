import type { CommandEncoder, CommandTarget, DeviceCommand } from '../command.ts';
import { ascii } from './encoder.ts';

/*
 * Suntech commands. Universal devices (10-digit DEV_ID): `CMD;<id>;<group>;<action>\r` — 04;01 and
 * 04;02 activate and deactivate output 1 (the immobiliser, "Enable1"/"Disable1"), 03;01 requests a
 * status report, 03;03 reboots (Universal Commands guide 1.60, groups 03 "status" and 04 "output";
 * the same codes Traccar's SuntechProtocolEncoder sends, and the captured answer "RES;…;04;02;…").
 * Legacy devices (ST300/340 operation manual LATAM 1.41, section 7 "Command for general use"):
 * `<family>CMD;<id>;02;<CMD_ID>\r` with Enable1, Disable1, StatusReq, Reboot; the family comes from
 * the `commandPrefix` setting (default ST300). Setting the report interval is not offered: its
 * Universal and legacy (RPT) forms carry every report parameter at once and we could not confirm them.
 */

const MAX_CUSTOM = 500;

const UNIVERSAL: Readonly<Record<string, string>> = {
  engineStop: '04;01',
  engineResume: '04;02',
  requestPosition: '03;01',
  reboot: '03;03',
};

const LEGACY: Readonly<Record<string, string>> = {
  engineStop: 'Enable1',
  engineResume: 'Disable1',
  requestPosition: 'StatusReq',
  reboot: 'Reboot',
};

export const suntechCommands: CommandEncoder = {
  supported: ['engineStop', 'engineResume', 'requestPosition', 'reboot', 'custom'],
  encode(command: DeviceCommand, target: CommandTarget): Uint8Array | null {
    const id = target.imei;
    if (!/^\d{1,10}$/.test(id)) return null;
    if (command.type === 'custom') {
      const text = command.text;
      if (text.length === 0 || text.length > MAX_CUSTOM || !/^[\x20-\x7e]+$/.test(text)) return null;
      return ascii(`${text}\r`);
    }
    if (id.length === 10) {
      const code = UNIVERSAL[command.type];
      return code ? ascii(`CMD;${id};${code}\r`) : null;
    }
    const cmd = LEGACY[command.type];
    return cmd ? ascii(`${prefix(target)}CMD;${id};02;${cmd}\r`) : null;
  },
};

/** The legacy family (`ST300`, `ST600`, `SA200`, …) from the `commandPrefix` setting. */
function prefix(target: CommandTarget): string {
  const v = target.settings?.commandPrefix;
  return typeof v === 'string' && /^S[A-Z]\d{3,4}$/.test(v) ? v : 'ST300';
}
