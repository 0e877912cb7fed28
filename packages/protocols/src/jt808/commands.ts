import { concoxCommandText } from '../gt06/command-encoder.ts';
import type { CommandEncoder, CommandTarget, DeviceCommand } from '../command.ts';
import { digitsToBcd } from '../codec/bcd.ts';
import { formatMessage, type Jt808Address } from './reply.ts';

/** Terminal control 0x8105 (JT/T 808-2013 §8.26): a command word, then its parameters. */
const MSG_TERMINAL_CONTROL = 0x8105;
/** Set terminal parameters 0x8103 (§8.8). */
const MSG_SET_PARAMETERS = 0x8103;
/** Location information query 0x8201 (§8.19): empty body; the answer is a 0x0201. */
const MSG_LOCATION_QUERY = 0x8201;
/** Text message issuance 0x8300 (§8.36): a flag byte, then the text. */
const MSG_TEXT = 0x8300;

/** §8.26 command word 4: terminal reset. */
const CONTROL_RESET = 0x04;
/**
 * Command words 0x64 (cut the oil/power circuit) and 0x65 (restore it): the vendor extension of
 * §8.26 that relay-equipped JT808 trackers use, since the standard itself has no engine cut. With
 * the device setting `engineControl: 'text'` the Jimi/Concox text commands `RELAY,1#`/`RELAY,0#`
 * go in a 0x8300 instead.
 */
const CONTROL_ENGINE_STOP = 0x64;
const CONTROL_ENGINE_RESUME = 0x65;
/** §8.8 Table 12 parameter 0x0029: the default time-based reporting interval, in seconds. */
const PARAM_DEFAULT_INTERVAL = 0x0029;
/** 0x8300 flag: bit 0 emergency (Jimi/Concox read their text commands with it). */
const TEXT_FLAG = 0x01;

/**
 * The terminal's address from its identifier: with the device setting `jt808Version: 2019` a
 * JT/T 808-2019 header (BCD[10], protocol version 1); else up to 12 digits as a 2013 BCD[6] phone
 * number, a 15-digit IMEI as the Jimi binary form (the number without its check digit, 6 bytes),
 * and other lengths up to 20 digits as a 2019 header.
 */
export function addressOfTarget(imei: string, settings?: CommandTarget['settings']): Jt808Address | null {
  if (!/^\d{1,20}$/.test(imei)) return null;
  const v2019 = settings?.jt808Version === 2019 || settings?.jt808Version === '2019';
  if (v2019) return { phoneBytes: digitsToBcd(imei, 10), version: 1 };
  if (imei.length <= 12) return { phoneBytes: digitsToBcd(imei, 6), version: null };
  if (imei.length === 15) {
    const n = Number(imei.slice(0, 14));
    const hi = Math.floor(n / 0x100000000);
    const lo = n % 0x100000000;
    return {
      phoneBytes: Uint8Array.from([hi >> 8, hi & 0xff, lo >>> 24, (lo >> 16) & 0xff, (lo >> 8) & 0xff, lo & 0xff]),
      version: null,
    };
  }
  return { phoneBytes: digitsToBcd(imei, 10), version: 1 };
}

function bodyOf(command: DeviceCommand, target: CommandTarget): [number, number[]] | null {
  const text = target.settings?.engineControl === 'text';
  switch (command.type) {
    case 'engineStop':
      return text ? textBody('RELAY,1#') : [MSG_TERMINAL_CONTROL, [CONTROL_ENGINE_STOP]];
    case 'engineResume':
      return text ? textBody('RELAY,0#') : [MSG_TERMINAL_CONTROL, [CONTROL_ENGINE_RESUME]];
    case 'reboot':
      return [MSG_TERMINAL_CONTROL, [CONTROL_RESET]];
    case 'requestPosition':
      return [MSG_LOCATION_QUERY, []];
    case 'setInterval': {
      const s = Math.max(0, Math.min(0xffffffff, Math.round(command.seconds)));
      const value = [(s >>> 24) & 0xff, (s >> 16) & 0xff, (s >> 8) & 0xff, s & 0xff];
      return [MSG_SET_PARAMETERS, [1, 0, 0, PARAM_DEFAULT_INTERVAL >> 8, PARAM_DEFAULT_INTERVAL & 0xff, 4, ...value]];
    }
    case 'custom':
      return textBody(command.text);
    default:
      return null;
  }
}

function textBody(text: string): [number, number[]] | null {
  if (!/^[\x20-\x7e]*$/.test(text) || text.length > 1000) return null;
  return [MSG_TEXT, [TEXT_FLAG, ...Array.from(text, (c) => c.charCodeAt(0))]];
}

/**
 * Platform commands for JT/T 808 terminals (issue 29). The serial is `target.serial`; the terminal
 * answers with a general response 0x0001 that echoes it (`attributes.commandSerial`), or with a
 * 0x0201 for a position request. Frames come out escaped with their check code.
 */
export const jt808Commands: CommandEncoder = {
  supported: ['engineStop', 'engineResume', 'setInterval', 'reboot', 'requestPosition', 'custom'],
  encode(command, target) {
    const to = addressOfTarget(target.imei, target.settings);
    const body = bodyOf(command, target);
    if (!to || !body) return null;
    return formatMessage(body[0], to, target.serial & 0xffff, Uint8Array.from(body[1]));
  },
  // Jimi and Concox 808 models take the Concox command texts by SMS (their user manuals).
  sms: (command) => concoxCommandText(command),
};
