import type { CommandEncoder, DeviceCommand } from '../command.ts';
import { crc16Ibm } from '../codec/crc16-ibm.ts';

/** Codec 12 ("Codec 12"): the codec id and the message type of a server → device command. */
const CODEC_12_ID = 0x0c;
const TYPE_COMMAND = 0x05;

/**
 * FMB parameter ids of the "Min Period" of the Home data acquisition mode (FMB1YX/FMB9YX
 * configuration, "Data acquisition settings"): 10000 for "vehicle on stop", 10050 for "vehicle
 * moving". setInterval sets both. Roaming (10100/10150) and Unknown (10200/10250) keep their
 * values: a device abroad reports at the interval its owner configured for roaming.
 */
export const FMB_MIN_PERIOD_ON_STOP = 10000;
export const FMB_MIN_PERIOD_MOVING = 10050;

/**
 * The SMS/GPRS command texts (Teltonika "FMB SMS/GPRS commands"): `setdigout 1` / `setdigout 0`
 * drive DOUT1, where the immobiliser relay is wired; `setparam id:value;id:value` sets several
 * parameters at once; `cpureset` restarts the device; `getgps` answers with the current fix.
 */
function commandText(command: DeviceCommand): string {
  switch (command.type) {
    case 'engineStop':
      return 'setdigout 1';
    case 'engineResume':
      return 'setdigout 0';
    case 'setInterval': {
      const s = Math.round(command.seconds);
      return `setparam ${FMB_MIN_PERIOD_ON_STOP}:${s};${FMB_MIN_PERIOD_MOVING}:${s}`;
    }
    case 'reboot':
      return 'cpureset';
    case 'requestPosition':
      return 'getgps';
    case 'custom':
      return command.text;
  }
}

/**
 * A codec 12 command over TCP ("Codec 12"): four zero bytes, the data size, then the data field
 * (codec 0C, quantity 1, type 05, 4-byte command size, the command, quantity 1) and its
 * CRC-16/IBM in four bytes. The device answers with a codec 12 type 06 message, which the
 * session decodes into `attributes.result`; codec 12 carries no serial, so answers match their
 * commands by order (one command in flight per device).
 */
export function encodeCodec12Command(text: string): Uint8Array {
  const command = new TextEncoder().encode(text);
  const dataLength = 1 + 1 + 1 + 4 + command.length + 1;
  const out = new Uint8Array(8 + dataLength + 4);
  const view = new DataView(out.buffer);
  view.setUint32(4, dataLength);
  out[8] = CODEC_12_ID;
  out[9] = 1;
  out[10] = TYPE_COMMAND;
  view.setUint32(11, command.length);
  out.set(command, 15);
  out[15 + command.length] = 1;
  view.setUint32(8 + dataLength, crc16Ibm(out, 8, 8 + dataLength));
  return out;
}

export const teltonikaCommandEncoder: CommandEncoder = {
  supported: ['engineStop', 'engineResume', 'setInterval', 'reboot', 'requestPosition', 'custom'],
  encode(command) {
    return encodeCodec12Command(commandText(command));
  },
};
