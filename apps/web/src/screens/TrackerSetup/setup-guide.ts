import { endpointOfModel, type ManagedDevice, type TrackerSetupResponse } from '@jejak/contract';
import { trackerSetup, type TrackerSetup } from '@jejak/domain';

/** Where a tracker of one model reports and what to send it (issue 26 item 4, ADR 0074). */
export interface SetupGuide {
  /** The protocol that speaks the model; null for a model no gateway knows. */
  protocol: string | null;
  host: string;
  /** Null when the gateway of its protocol is off or its port is not known. */
  port: number | null;
  /** The set-up message(s) for this server; null without a port or for a protocol without one. */
  setup: TrackerSetup | null;
}

export function setupGuide(response: TrackerSetupResponse, model: string): SetupGuide {
  const endpoint = endpointOfModel(response.endpoints, model);
  const port = endpoint?.port ?? null;
  return {
    protocol: endpoint?.protocol ?? null,
    host: response.host,
    port,
    setup: endpoint && port !== null ? trackerSetup(endpoint.protocol, response.host, port) : null,
  };
}

/** A new device waits for its first message; once stored, it is on the map (through its vehicle). */
export type FirstMessage = { state: 'waiting' } | { state: 'received'; atMs: number; vid: string | null };

export function firstMessage(device: Pick<ManagedDevice, 'updatedAt' | 'vid'>): FirstMessage {
  return device.updatedAt === null
    ? { state: 'waiting' }
    : { state: 'received', atMs: device.updatedAt, vid: device.vid };
}

/** How often the set-up page asks whether the first message came: often enough to feel live, light on the server. */
export const FIRST_MESSAGE_POLL_MS = 3000;
