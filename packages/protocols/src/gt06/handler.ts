import type { ByteReader } from '../codec/byte-reader.ts';
import { DecodeError } from '../codec/decode-error.ts';
import type { NormalizedMessage } from '../message.ts';

/** What a packet handler knows besides the content bytes. */
export interface Gt06Context {
  type: number;
  /** 0x7979 frame (2-byte length). */
  long: boolean;
  /** The frame's length field; some Wi-Fi packets put their access-point count there. */
  declaredLength: number;
  /** The frame had no serial number or CRC (see envelope.ts). */
  trailerless: boolean;
  /** Device firmware variant, for the few packets that differ between models. */
  variant: string | null;
  /** Server receive time, for the packets whose answer carries the time. */
  receivedAtMs: number | undefined;
}

export interface Handled {
  messages: NormalizedMessage[];
  /** The packet is one the device expects the standard serial-echo acknowledgement for. */
  ack: boolean;
  /** Set by the login packet. */
  imei?: string;
  /** Content of an answer other than the plain acknowledgement (same type, same serial). */
  replyContent?: Uint8Array;
}

/** Decodes one packet's information content; throws DecodeError when it cannot. */
export type Gt06Handler = (r: ByteReader, ctx: Gt06Context) => Handled;

/**
 * A well-formed packet of a known type in a layout we cannot read (a firmware variant without a
 * sample or document): unsupported, so the connection stays and the device is still answered.
 */
export class UnknownLayout extends DecodeError {}
