import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOLS, type Transport } from '@jejak/protocols';
import { startTestServer, type TestServer } from '../../apps/server/test/harness.ts';
import { FUZZ_SERVER_ENV, runFuzz } from './fuzz.ts';
import { observeServer } from './observe.ts';
import { newSendStats } from './senders.ts';
import { generateRequest } from './mutate-http.ts';
import { generateFrame } from './mutate.ts';
import { loadCorpus } from './corpus.ts';
import { createRng } from './rng.ts';
import { lengthFieldOf, maxLength, repairFrame, writeLength } from './framing.ts';

const FRAMES = 3000;
const SEED = 20_240_601;
/** Generous, for the GC's slack: catches a gross leak; the million-frame runs of npm run fuzz catch small ones. */
const MAX_HEAP_GROWTH_MB = 100;

const RUNS: [string, Transport][] = PROTOCOLS.flatMap((p) => p.transports.map((t): [string, Transport] => [p.id, t]));

describe('fuzz generators', () => {
  it.each(RUNS)('%s over %s: the same seed gives the same frames, of every kind', (id, transport) => {
    const protocol = PROTOCOLS.find((p) => p.id === id);
    if (!protocol) throw new Error(id);
    const { frames, http } = loadCorpus(protocol, transport);
    const sample = () => {
      const rng = createRng(SEED);
      return Array.from({ length: 300 }, () => {
        if (http) return generateRequest(rng, http);
        if (!frames) throw new Error('no corpus');
        const { bytes, how } = generateFrame(rng, frames);
        return { hex: Buffer.from(bytes).toString('hex'), how };
      });
    };
    const first = sample();
    expect(sample()).toEqual(first);
    expect(new Set(first.map((f) => JSON.stringify(f))).size).toBeGreaterThan(200);
    const kinds = new Set(first.map((f) => f.how.split(':')[0]));
    expect([...kinds].sort()).toEqual(
      http
        ? ['captured', 'mutate', 'random', 'raw']
        : ['captured', ...(frames?.textPackets.length ? ['line'] : []), 'mutate', 'random'],
    );
  });
});

const NO_LENGTH_FIELD = ['h02', 'gps103', 'suntech', 'jt808'];

describe('length and checksum repair', () => {
  it.each(RUNS.filter(([, t]) => t !== 'http'))('%s over %s: puts back what was broken', (id, transport) => {
    const protocol = PROTOCOLS.find((p) => p.id === id);
    if (!protocol) throw new Error(id);
    const rng = createRng(SEED);
    // Captured packets whose length (and checksum) are already right: repair leaves them alone…
    const intact = (loadCorpus(protocol, transport).frames?.packets ?? []).filter(
      (p) => lengthFieldOf(id, transport, p) && Buffer.from(repairFrame(id, transport, p)).equals(p),
    );
    for (const packet of intact) {
      // …and makes them whole again after their length field and last bytes were damaged.
      const broken = packet.slice();
      const field = lengthFieldOf(id, transport, broken);
      if (!field) continue;
      writeLength(broken, field, rng.int(maxLength(field) + 1));
      // (A Teltonika IMEI length above 255 no longer looks like one: nothing to repair then.)
      if (!lengthFieldOf(id, transport, broken)) continue;
      // The CRC's low byte, where repair computes one: GT06 frames with a serial and CRC, Teltonika AVL packets.
      const crcAt = broken.length - 3;
      if ((id === 'gt06' && broken.length >= 10) || (id === 'teltonika' && field.kind === 'binary' && field.at === 4))
        broken[crcAt] = (broken[crcAt] ?? 0) ^ 0xff;
      expect(Buffer.from(repairFrame(id, transport, broken)).toString('hex')).toBe(Buffer.from(packet).toString('hex'));
    }
    // Text protocols have no length field to repair (H02's binary reports have none either).
    expect(intact.length > 0 || NO_LENGTH_FIELD.includes(id)).toBe(true);
  });
});

/**
 * A short fuzz run per protocol and transport against a real server (npm run fuzz is the long
 * one): no crash, still serving, bad frames counted, memory bounded, and nothing the server logs
 * as trouble (a decoder that threw, a commit that failed, an HTTP 500).
 */
describe('hostile input over real sockets', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', FUZZ_SERVER_ENV);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('triages every failed commit the server logs, whichever devices it names', async () => {
    const observer = observeServer(server.app);
    try {
      // As the pipeline logs a batch it could not commit (the devices in it named in the context).
      server.app.log.error({ err: 'refused', context: 'pipeline commit (GPS100#1)' }, 'background failure');
      const ctx = {
        port: 0,
        seed: 0,
        corpus: { frames: null, http: null, identities: [], ids: [] },
        budget: { left: 0 },
        deadline: 0,
        maxBurst: 1,
        opTimeoutMs: 1000,
        lingerMs: 0,
        stats: newSendStats(),
        streams: new Map(),
        record: () => undefined,
        onStreamEnd: () => undefined,
      };
      expect((await observer.triage.run(ctx)).map((f) => f.note)).toEqual(['no stream was open when it happened']);
    } finally {
      observer.stop();
    }
  });

  it.each(RUNS)(
    '%s over %s: no crash, still serving, bad frames counted, memory bounded',
    async (protocol, transport) => {
      const r = await runFuzz({
        server: server.app,
        protocol,
        transport,
        frames: FRAMES,
        seed: SEED,
        connections: 32,
        triage: false,
      });
      expect(r.uncaught).toEqual([]);
      expect(r.timedOut).toBe(false);
      expect(r.sent.frames).toBe(FRAMES);
      expect(r.probes).toEqual({ version: true, gt06Login: true, protocol: true });
      expect(r.alive).toBe(true);
      expect(r.counters.badFrames).toBeGreaterThan(0);
      expect(r.growthMb).toBeLessThan(MAX_HEAP_GROWTH_MB);
      // A decoder that throws is caught by the gateway, and a failed commit costs only its
      // device's connection, but each is a bug all the same.
      expect(r.trouble).toEqual({});
      expect(r.counters.storeFailedCloses).toBe(0);
      expect(r.sent.statuses['500'] ?? 0).toBe(0);
    },
    60_000,
  );
});
