import type { CommandEncoder, CommandTarget, DeviceCommand } from '../command.ts';

/** The manufacturer mark the server writes (H02 protocol §2: the tracker checks it). */
const MAKER = 'HQ';

/**
 * Center commands (H02 protocol §2): `*XX,ID,CMD,HHMMSS,PARA1,…#`, HHMMSS being the command's
 * time (UTC), which the tracker echoes in its V4 confirmation (`*XX,ID,V4,CMD,…,hhmmss,…`).
 * The session returns that answer's command and result as `attributes.result` (e.g.
 * "S20,DONE") and the echoed time as `attributes.commandTime`; H02 has no serial, so the
 * gateway matches an answer by command name and time.
 *
 * - S20 oil and circuit control: `S20,HHMMSS,1,1` cuts, `S20,HHMMSS,1,0` restores. This is the
 *   form that Traccar's H02 encoder sends to devices in the field; the protocol document's
 *   longer S20 (pulse timings after the flags) is left to `custom`.
 * - S71 with function 22 sets the upload interval in seconds; some firmwares only take
 *   `D1,HHMMSS,<seconds>`, chosen with the device setting `intervalCommand: 'D1'`.
 * - No reboot or position request: we found no public H02 document for either (the R-series
 *   commands differ by firmware), so `encode` returns null for them.
 * - `custom` is sent as given: the whole `*HQ,…#` frame, time included.
 */
function commandFrame(command: DeviceCommand, target: CommandTarget): string | null {
  switch (command.type) {
    case 'engineStop':
      return frame(target, 'S20', '1', '1');
    case 'engineResume':
      return frame(target, 'S20', '1', '0');
    case 'setInterval': {
      const seconds = String(Math.round(command.seconds));
      return target.settings?.intervalCommand === 'D1'
        ? frame(target, 'D1', seconds)
        : frame(target, 'S71', '22', seconds);
    }
    case 'custom':
      return command.text;
    case 'reboot':
    case 'requestPosition':
      return null;
  }
}

function frame(target: CommandTarget, type: string, ...params: string[]): string {
  if (target.nowMs === undefined) throw new RangeError('H02 commands carry the time: CommandTarget.nowMs is needed');
  if (!/^[0-9A-Za-z]{1,20}$/.test(target.imei)) throw new RangeError(`not an H02 device id: ${target.imei}`);
  return `*${MAKER},${target.imei},${type},${hhmmss(target.nowMs)}${params.map((p) => `,${p}`).join('')}#`;
}

function hhmmss(timeMs: number): string {
  const d = new Date(timeMs);
  return [d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()].map((v) => String(v).padStart(2, '0')).join('');
}

export const h02CommandEncoder: CommandEncoder = {
  supported: ['engineStop', 'engineResume', 'setInterval', 'custom'],
  encode(command, target) {
    const text = commandFrame(command, target);
    if (text === null) return null;
    if (!/^[\x20-\x7e]*$/.test(text)) throw new RangeError(`H02 commands are printable ASCII: ${JSON.stringify(text)}`);
    return Uint8Array.from(text, (c) => c.charCodeAt(0));
  },
};
