import type { NormalizedMessage } from '../message.ts';

/** IMEIs a session remembers having identified; a connection normally only ever names one. */
const MAX_IDENTIFIED = 256;

/**
 * Which device a Meitrack connection speaks for. Meitrack has no login packet: every frame carries
 * the IMEI. The gateway identifies a connection by a `login` message, so the session makes
 * one: with the first frame that names an IMEI (whatever it carries) and before the first position of an IMEI the session has not identified yet
 * (which only happens when frames of several devices go through one session, as in the vector
 * replay).
 */
export interface DeviceIdentity {
  /** The IMEI most recently identified. */
  readonly imei: string | null;
  /**
   * Tags `messages` with the frame's IMEI and puts a login in front when the rules above call for one.
   */
  tag(imei: string, messages: NormalizedMessage[]): NormalizedMessage[];
}

export function createDeviceIdentity(): DeviceIdentity {
  let current: string | null = null;
  const identified = new Set<string>();
  return {
    get imei() {
      return current;
    },
    tag(imei, messages) {
      const tagged = messages.map((m): NormalizedMessage => ({ ...m, imei }));
      const hasPosition = messages.some((m) => m.latitude !== undefined && m.longitude !== undefined);
      const first = current === null;
      if (!first && (identified.has(imei) || !hasPosition)) return tagged;
      current = imei;
      identified.delete(imei);
      if (identified.size >= MAX_IDENTIFIED) identified.delete(identified.values().next().value ?? '');
      identified.add(imei);
      return [{ kind: 'login', imei, attributes: {} }, ...tagged];
    },
  };
}
