/**
 * npm run bench:decode — messages decoded per second by each protocol's framer and decoder,
 * replaying its captured packets (../shared/vectors) in a loop on one core.
 * Option: --seconds S per protocol (default 2).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { hexToBytes, PROTOCOLS, type HttpRequestInput, type ProtocolDefinition } from '@jejak/protocols';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '2' } } });
const SECONDS = Number(values.seconds);
const VECTORS = new URL('../../../shared/vectors/', import.meta.url);

interface Vector {
  transport?: 'tcp' | 'udp' | 'http';
  payload_hex?: string;
  payload_text?: string;
  http?: HttpRequestInput;
}

function load(protocol: ProtocolDefinition): Vector[] {
  try {
    return JSON.parse(readFileSync(new URL(`${protocol.id}.json`, VECTORS), 'utf8')) as Vector[];
  } catch {
    return [];
  }
}

function bench(protocol: ProtocolDefinition): string {
  const vectors = load(protocol);
  const binary = vectors
    .filter((v) => (v.payload_hex || v.payload_text) && (v.transport ?? 'tcp') === 'tcp')
    .map((v) => (v.payload_hex ? hexToBytes(v.payload_hex) : new TextEncoder().encode(v.payload_text)));
  const http = vectors.flatMap((v) => (v.http ? [v.http] : []));
  if (binary.length === 0 && http.length === 0) return `${protocol.id.padEnd(10)} no captured packets`;
  let messages = 0;
  let frames = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const start = performance.now();
  while (performance.now() < deadline) {
    // A fresh session per pass, as after a reconnect; every packet goes through the framer too.
    if (binary.length > 0) {
      const framer = protocol.createFramer();
      const session = protocol.createSession({ transport: 'tcp' });
      for (const packet of binary) {
        for (const frame of framer.push(packet).frames) {
          messages += session.decode(frame).messages.length;
          frames++;
        }
      }
    } else {
      const session = protocol.createSession({ transport: 'http' });
      for (const request of http) {
        messages += session.decodeHttp?.(request).messages.length ?? 0;
        frames++;
      }
    }
  }
  const elapsed = (performance.now() - start) / 1000;
  return `${protocol.id.padEnd(10)} ${Math.round(frames / elapsed)
    .toLocaleString('en')
    .padStart(10)} frames/s  ${Math.round(messages / elapsed)
    .toLocaleString('en')
    .padStart(10)} messages/s`;
}

console.log(`decode throughput, one core, ${SECONDS} s per protocol (captured packets replayed)`);
for (const protocol of PROTOCOLS) console.log(bench(protocol));
