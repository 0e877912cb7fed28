import type { NormalizedMessage } from '../message.ts';

/**
 * Which terminal a JT/T 808 connection speaks for. Every message header carries the terminal's
 * phone number (our device identifier, see header.ts), so there is no login to wait for: the
 * session makes a `login` the first time it sees an identifier, and tags every message with it.
 */
export interface DeviceIdentity {
  readonly imei: string | null;
  tag(imei: string | null, messages: NormalizedMessage[]): NormalizedMessage[];
}

/** Identifiers one session remembers; a connection normally only ever names one. */
const MAX_IDENTIFIED = 256;

export function createDeviceIdentity(): DeviceIdentity {
  let current: string | null = null;
  const identified = new Set<string>();
  return {
    get imei() {
      return current;
    },
    tag(imei, messages) {
      const id = imei ?? current;
      const tagged = id === null ? messages : messages.map((m): NormalizedMessage => ({ ...m, imei: id }));
      if (imei === null) return tagged;
      current = imei;
      if (identified.has(imei)) return tagged;
      if (identified.size >= MAX_IDENTIFIED) identified.delete(identified.values().next().value ?? '');
      identified.add(imei);
      return [{ kind: 'login', imei, attributes: {} }, ...tagged];
    },
  };
}
