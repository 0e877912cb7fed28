import type { CommandEncoder, DeviceCommand } from '../command.ts';

/**
 * The server's commands (GPS102/GPS103/GPS104 GPRS data protocol, "GPRS command sent by monitor
 * center"): `**,imei:NNN,<letter>[,<parameter>];`. B = one position now, C = a position every
 * interval, J = cut the fuel/power relay, K = restore it. The protocol has no reboot. A custom
 * command is the part after the IMEI (e.g. `H,080`, overspeed 80 km/h), wrapped the same way.
 */
export const gps103Commands: CommandEncoder = {
  supported: ['engineStop', 'engineResume', 'setInterval', 'requestPosition', 'custom'],
  encode(command, target) {
    if (!/^\d{1,20}$/.test(target.imei)) return null;
    const body = bodyOf(command);
    if (body === null) return null;
    const text = `**,imei:${target.imei},${body}`;
    return Uint8Array.from(text.endsWith(';') ? text : `${text};`, (c) => c.charCodeAt(0) & 0xff);
  },
};

function bodyOf(command: DeviceCommand): string | null {
  switch (command.type) {
    case 'engineStop':
      return 'J';
    case 'engineResume':
      return 'K';
    case 'requestPosition':
      return 'B';
    case 'setInterval': {
      const interval = formatInterval(command.seconds);
      return interval === null ? null : `C,${interval}`;
    }
    case 'reboot':
      return null;
    case 'custom':
      // Printable ASCII only: the text goes into a line-oriented stream.
      return /^[\x20-\x7e]+$/.test(command.text) ? command.text : null;
  }
}

/**
 * The interval as the devices take it: two digits and a unit, `NNs` up to 99 seconds, else
 * `NNm` (rounded to the minute) up to 99 minutes, else `NNh` up to 99 hours. Null when the
 * interval is not a positive number of seconds or longer than 99 hours.
 */
export function formatInterval(seconds: number): string | null {
  if (!Number.isFinite(seconds) || seconds < 1) return null;
  const s = Math.round(seconds);
  if (s <= 99) return `${String(s).padStart(2, '0')}s`;
  const minutes = Math.round(s / 60);
  if (minutes <= 99) return `${String(minutes).padStart(2, '0')}m`;
  const hours = Math.round(s / 3600);
  return hours <= 99 ? `${String(hours).padStart(2, '0')}h` : null;
}
