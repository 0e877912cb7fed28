import type { NormalizedMessage } from '../message.ts';

/** Ids a session remembers having identified; a connection normally only ever names one. */
const MAX_IDENTIFIED = 256;

/**
 * Which device a Suntech connection speaks for. Suntech has no login: every report carries the
 * device id. The gateway identifies a connection by a `login` message, so the session makes one
 * with the first frame that names an id, and before the first position of an id it has not
 * identified yet (frames of several devices through one session, as in the vector replay).
 */
export interface DeviceIdentity {
  readonly id: string | null;
  tag(id: string | null, messages: NormalizedMessage[]): NormalizedMessage[];
}

export function createDeviceIdentity(): DeviceIdentity {
  let current: string | null = null;
  const identified = new Set<string>();
  return {
    get id() {
      return current;
    },
    tag(id, messages) {
      const imei = id ?? current;
      const tagged = imei === null ? messages : messages.map((m): NormalizedMessage => ({ ...m, imei }));
      if (id === null) return tagged;
      const hasPosition = messages.some((m) => m.latitude !== undefined && m.longitude !== undefined);
      if (current !== null && (identified.has(id) || !hasPosition)) return tagged;
      current = id;
      if (identified.size >= MAX_IDENTIFIED) identified.delete(identified.values().next().value ?? '');
      identified.add(id);
      return [{ kind: 'login', imei: id, attributes: {} }, ...tagged];
    },
  };
}
