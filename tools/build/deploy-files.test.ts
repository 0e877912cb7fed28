import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../apps/server/src/config/load.ts';
import { ConfigSchema } from '../../apps/server/src/config/schema.ts';
import { SERVER_NODE_FLAGS } from '../server-process.ts';
import { REPO_ROOT } from './server-bundle.ts';
import { trackerPorts, trackerPortTable } from './tracker-ports.ts';

const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');
const HTTP_PORT = 8080;
/** Ports a load balancer passes on as TCP: TCP trackers and OsmAnd's HTTP. */
const streamPorts = [...new Set(trackerPorts().flatMap((t) => (t.transport === 'udp' ? [] : [t.port])))].sort();
const udpPorts = [...new Set(trackerPorts().flatMap((t) => (t.transport === 'udp' ? [t.port] : [])))].sort();
const sorted = <T>(values: Iterable<T>) => [...values].sort();

/** The deployment files name the registry's ports; when a protocol is added they must follow. */
describe('deployment files and the protocol registry', () => {
  it('docs/deploy.md holds the tracker port table as the registry makes it', () => {
    expect(read('docs/deploy.md')).toContain(trackerPortTable());
  });

  it('the Dockerfile exposes the HTTP port and every tracker port with its transport', () => {
    const exposed = [...read('Dockerfile').matchAll(/^EXPOSE (.+)$/gm)].flatMap((m) => (m[1] ?? '').split(/\s+/));
    const expected = new Set([
      `${HTTP_PORT}/tcp`,
      ...trackerPorts().map((t) => `${t.port}/${t.transport === 'udp' ? 'udp' : 'tcp'}`),
    ]);
    expect(sorted(exposed)).toEqual(sorted(expected));
  });

  it('HAProxy listens on every TCP tracker port and sends it to the same port of each gateway', () => {
    const cfg = read('deploy/haproxy.cfg');
    const sections = cfg.split(/^(?=listen |frontend |backend |defaults |global|resolvers )/m);
    const binds = sorted(Array.from(cfg.matchAll(/^\s+bind :(\d+)$/gm), (m) => Number(m[1])));
    expect(binds).toEqual(sorted([HTTP_PORT, 8404, ...streamPorts]));
    for (const port of streamPorts) {
      const section = sections.find((s) => s.includes(`bind :${port}\n`)) ?? '';
      expect(sorted(Array.from(section.matchAll(/server (\S+) (\S+)/g), (m) => `${m[1]} ${m[2]}`))).toEqual([
        `gateway-1 gateway-1:${port}`,
        `gateway-2 gateway-2:${port}`,
      ]);
    }
  });

  it("HAProxy gives up on a dead node's address within a second and retries on another node", () => {
    // A killed container drops connections instead of refusing them: the retry on another node
    // waits for `timeout connect`, on top of the console's 3 s reconnect (docs/deploy.md §3), and
    // a tracker's connect timeout is often not much longer.
    const sections = read('deploy/haproxy.cfg').split(/^(?=listen |frontend |backend |defaults |global|resolvers )/m);
    for (const name of ['http', 'tcp']) {
      const defaults = sections.find((s) => s.startsWith(`defaults ${name}\n`)) ?? '';
      expect(defaults, name).toMatch(/^\s+retries [1-9]$/m);
      // Every retry to another node, not the same dead one again until the last retry.
      expect(defaults, name).toMatch(/^\s+option redispatch 1$/m);
      const connect = /^\s+timeout connect (\d+)(ms|s)?$/m.exec(defaults);
      expect(connect, name).not.toBeNull();
      expect(Number(connect?.[1]) * (connect?.[2] === 'ms' ? 1 : 1000), name).toBeLessThanOrEqual(1000);
    }
  });

  it("the image, `npm start` and the tests' server processes run Node with the same options", () => {
    const flags = SERVER_NODE_FLAGS.join(' ');
    expect(read('Dockerfile')).toMatch(new RegExp(`^\\s+NODE_OPTIONS=${flags} \\\\$`, 'm'));
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start).toContain(`tsx ${flags} apps/server/src/main.ts start`);
    // The one-process ingest bench runs the server in its own process: it measures it as run.
    expect(scripts['bench:ingest']).toBe(`tsx ${flags} tools/bench/ingest.ts`);
  });

  it('compose publishes the TCP ports on the load balancer, the UDP ones on a gateway', () => {
    const compose = read('deploy/compose.yaml');
    const published = (service: string) => {
      const block = compose.slice(compose.indexOf(`\n  ${service}:\n`) + 1).split(/\n {2}\S/)[0] ?? '';
      return Array.from(block.matchAll(/^\s+- '(?:[\d.]+:)?(\d+):\d+(\/udp)?'$/gm), (m) => `${m[1]}${m[2] ?? ''}`);
    };
    expect(sorted(published('lb'))).toEqual(sorted([HTTP_PORT, 8404, ...streamPorts].map(String)));
    expect(sorted(published('gateway-1'))).toEqual(sorted(udpPorts.map((p) => `${p}/udp`)));
  });

  it("compose's Jejak settings are real keys with valid values", () => {
    const settings = [...read('deploy/compose.yaml').matchAll(/^\s+(JEJAK_[A-Z0-9_]+): (.*)$/gm)].map((m) => ({
      key: m[1] ?? '',
      // `${VAR:-default}` stands for its default; quotes are YAML's.
      value: (m[2] ?? '').replace(/^\$\{[A-Z_]+:-(.*)\}$/, '$1').replace(/^'(.*)'$/, '$1'),
    }));
    expect(settings.length).toBeGreaterThan(5);
    const known = new Set(Object.keys(ConfigSchema.shape));
    expect(settings.filter((s) => !known.has(s.key)).map((s) => s.key)).toEqual([]);
    expect(() => loadConfig(Object.fromEntries(settings.map((s) => [s.key, s.value])))).not.toThrow();
  });
});
