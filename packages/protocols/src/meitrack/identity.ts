import type { NormalizedMessage } from '../message.ts';

/**
 * Which device a Meitrack connection speaks for. Meitrack has no login packet: every frame
 * carries the IMEI. The gateway identifies a connection by a `login` message, so the session
 * makes one: with the first frame that names an IMEI (whatever it carries), and later before
 * the first position of a different IMEI (which only happens when frames of several devices
 * are replayed through one session, as the vector tests do).
 */
export interface DeviceIdentity {
  readonly imei: string | null;
  /** Tags `messages` with `imei` and puts a login in front when the rules above call for one. */
  tag(imei: string, messages: NormalizedMessage[]): NormalizedMessage[];
}

export function createDeviceIdentity(): DeviceIdentity {
  let current: string | null = null;
  return {
    get imei() {
      return current;
    },
    tag(imei, messages) {
      const tagged = messages.map((m): NormalizedMessage => ({ ...m, imei }));
      const hasPosition = messages.some((m) => m.latitude !== undefined && m.longitude !== undefined);
      if (imei === current || (current !== null && !hasPosition)) return tagged;
      current = imei;
      return [{ kind: 'login', imei, attributes: {} }, ...tagged];
    },
  };
}
