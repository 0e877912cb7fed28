import type { TrackerEndpoint, TrackerSetupResponse } from '@jejak/contract';
import type { User } from '@jejak/domain';
import { PROTOCOLS } from '@jejak/protocols';
import { protocolPortKey, type Config } from '../../config/schema.ts';
import { requireCall } from '../access.ts';

export interface TrackerSetupDeps {
  config: Pick<Config, 'JEJAK_PUBLIC_HOST'> & Partial<Record<`JEJAK_${string}_PORT`, number>>;
  /** The console's public URL (configured, else the API's own once it listens). */
  publicUrl: () => string;
  /** Ports this process's gateways listen on (`id`, `id/udp`, `id/http`): a configured 0 is one of them. */
  listening: Readonly<Record<string, number>>;
}

/**
 * Where trackers report (ADR 0074): JEJAK_PUBLIC_HOST, else the public URL's host; each
 * protocol's configured port, or the one its listener took when configured 0. A listener turned
 * off (-1), or a 0 whose gateway runs in another process, has no port to give.
 */
export function createTrackerSetupService(deps: TrackerSetupDeps) {
  const portOf = (id: string, fallback: number): number | null => {
    const configured = deps.config[protocolPortKey(id) as `JEJAK_${string}_PORT`] ?? fallback;
    if (configured > 0) return configured;
    if (configured < 0) return null;
    return deps.listening[id] ?? deps.listening[`${id}/http`] ?? deps.listening[`${id}/udp`] ?? null;
  };
  return {
    setup(caller: User): Omit<TrackerSetupResponse, 'status'> {
      requireCall(caller, 'manageDevices');
      const url = deps.publicUrl();
      const host = deps.config.JEJAK_PUBLIC_HOST ?? (url ? new URL(url).hostname : '');
      const endpoints: TrackerEndpoint[] = PROTOCOLS.map((p) => ({
        protocol: p.id,
        models: [...p.models],
        transports: [...p.transports],
        port: portOf(p.id, p.defaultPort),
      }));
      return { host, endpoints };
    },
  };
}
export type TrackerSetupService = ReturnType<typeof createTrackerSetupService>;
