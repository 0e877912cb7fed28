import type { ProtocolSetting } from '@jejak/domain';
import type { CommandEncoder } from './command.ts';
import type { Framer, ProtocolSession, SessionOptions, Transport } from './message.ts';

/**
 * One device protocol the gateway listens for (DESIGN §4). Defined here, below the registry, so
 * that each protocol's folder can describe itself without importing the table that lists it.
 */
export interface ProtocolDefinition {
  id: string;
  /** Device models (the `model` part of `dvid = {model}#{imei}`) that speak it. */
  models: readonly string[];
  transports: readonly Transport[];
  defaultPort: number;
  /** A framer for one TCP connection's byte stream (UDP datagrams and HTTP requests are whole). */
  createFramer(): Framer;
  /** Decoder state for one connection, remote address or device. */
  createSession(options: SessionOptions): ProtocolSession;
  /** Bytes that tell a device it is refused (unknown IMEI), sent before the connection closes. */
  refuseReply?: Uint8Array;
  /** Commands the server can send to this protocol's devices (issue 29), where it has any. */
  commands?: CommandEncoder;
  /**
   * Per-device settings the decoder reads (issue 29 item 2): the device form shows them, the
   * API checks them, `npm run decode --option NAME=VALUE` passes them.
   */
  settings?: readonly ProtocolSetting[];
}
