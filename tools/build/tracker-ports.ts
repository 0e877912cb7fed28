/**
 * The ports trackers connect to, read from the protocol registry, so that docs/deploy.md, the
 * Dockerfile and the load balancer's configuration can be checked against the code.
 */
import { PROTOCOLS } from '@jejak/protocols';
import { protocolPortKey } from '../../apps/server/src/config/schema.ts';

export interface TrackerPort {
  protocol: string;
  models: readonly string[];
  /** How the bytes travel: tcp, udp, or http (OsmAnd; plain TCP to a load balancer). */
  transport: string;
  port: number;
  /** The configuration key that moves or turns off the listener. */
  key: string;
}

export function trackerPorts(): TrackerPort[] {
  return PROTOCOLS.flatMap((p) =>
    p.transports.map((transport) => ({
      protocol: p.id,
      models: p.models,
      transport,
      port: p.defaultPort,
      key: protocolPortKey(p.id),
    })),
  );
}

/** The table in docs/deploy.md, one row per listener. */
export function trackerPortTable(): string {
  const rows = trackerPorts().map(
    (t) =>
      `| ${t.protocol} | ${t.models.join(', ') || '—'} | ${t.transport.toUpperCase()} | ${t.port} | \`${t.key}\` |`,
  );
  return ['| protocol | device models | transport | port | setting |', '|---|---|---|---|---|', ...rows].join('\n');
}
