/**
 * A frame that cannot be decoded: too short, a field out of range, a checksum that does not
 * match. Decoders throw it internally and turn it into a `DecodeResult.error` string, so a
 * bad frame never escapes as an exception to the gateway.
 */
export class DecodeError extends Error {
  override readonly name = 'DecodeError';

  constructor(
    readonly reason: string,
    /** Byte offset in the frame where decoding stopped, when known. */
    readonly offset?: number,
  ) {
    super(offset === undefined ? reason : `${reason} (at byte ${offset})`);
  }
}
