/**
 * Commands sent back to a tracker (issue 29 item 4). Each protocol that can carry them gives an
 * encoder; the gateway sends the bytes over the device's open connection.
 */
export type DeviceCommand =
  | { type: 'engineStop' }
  | { type: 'engineResume' }
  | { type: 'setInterval'; seconds: number }
  | { type: 'reboot' }
  | { type: 'requestPosition' }
  | { type: 'custom'; text: string };

export type DeviceCommandType = DeviceCommand['type'];

/**
 * The protocol-neutral command of a stored or requested one (type, interval seconds, text); an
 * interval without seconds is a minute, a custom command without text is empty.
 */
export function toDeviceCommand(c: {
  type: DeviceCommandType;
  seconds?: number | null | undefined;
  text?: string | null | undefined;
}): DeviceCommand {
  if (c.type === 'setInterval') return { type: c.type, seconds: c.seconds ?? 60 };
  if (c.type === 'custom') return { type: c.type, text: c.text ?? '' };
  return { type: c.type };
}

export interface CommandTarget {
  /** The device's IMEI or identifier, as its login gave it. */
  imei: string;
  /** A number the protocol echoes in its answer, where it has one (0–65535). */
  serial: number;
  /** A protocol's per-device settings (SessionOptions.settings). */
  settings?: Readonly<Record<string, string | number | boolean>> | undefined;
  /** The server's clock (epoch ms), for protocols whose commands carry a time (H02). */
  nowMs?: number | undefined;
}

/**
 * Encodes commands for one protocol. `encode` returns null for a command the protocol has no
 * message for. The tracker's answer comes back through the decoder as a message whose
 * `attributes.result` holds its text (and `attributes.commandSerial` when the protocol echoes
 * the serial), so the gateway can match it to the command.
 */
export interface CommandEncoder {
  readonly supported: readonly DeviceCommandType[];
  encode(command: DeviceCommand, target: CommandTarget): Uint8Array | null;
  /**
   * The command as an SMS to the tracker's SIM, for a tracker that is offline (issue 29 item 4);
   * null where the protocol's devices take no such SMS. Absent: no SMS commands at all.
   */
  sms?(command: DeviceCommand, target: CommandTarget): string | null;
}
