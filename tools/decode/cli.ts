/**
 * npm run -s decode -- --protocol <id> [--transport tcp|udp|http] [--model <name>] [--extended] [--frames]
 *   [--option NAME=VALUE]…
 * `--option` sets one of the protocol's per-device settings (Suntech's hbm, includeAdc…, JT/T 808's
 * modelOverride…), under its name or the vector files' `set`-prefixed one (`setHbm=1`).
 * Reads standard input, one complete message per line (hex; for http a JSON object
 * {method, uri, headers, body}), through ONE decoder session in order, and prints one JSON
 * line per input line. With --frames each line is a raw stream chunk and the output lists
 * the complete frames found so far.
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { checkSettings } from '@jejak/domain';
import { PROTOCOLS, protocolById, type Transport } from '@jejak/protocols';
import { createLineDecoder, createLineFramer } from './decode-line.ts';

const TRANSPORTS: readonly Transport[] = ['tcp', 'udp', 'http'];

function fail(message: string): never {
  console.error(`${message}\nProtocols: ${PROTOCOLS.map((p) => `${p.id} (${p.transports.join('/')})`).join(', ')}`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    protocol: { type: 'string' },
    transport: { type: 'string' },
    model: { type: 'string' },
    extended: { type: 'boolean', default: false },
    frames: { type: 'boolean', default: false },
    option: { type: 'string', multiple: true, default: [] },
  },
});
const protocol = values.protocol ? protocolById(values.protocol) : undefined;
if (!protocol) fail(values.protocol ? `Unknown protocol '${values.protocol}'.` : 'Missing --protocol <id>.');
const transport = (values.transport ?? protocol.transports[0] ?? 'tcp') as Transport;
if (!TRANSPORTS.includes(transport)) fail(`Unknown transport '${values.transport}'.`);
if (!protocol.transports.includes(transport)) fail(`${protocol.id} does not use ${transport}.`);

const given: Record<string, string> = {};
for (const option of values.option) {
  const at = option.indexOf('=');
  if (at <= 0) fail(`--option takes NAME=VALUE, not '${option}'.`);
  given[option.slice(0, at)] = option.slice(at + 1);
}
const checked = checkSettings(protocol.settings ?? [], given);
if ('error' in checked) fail(`${protocol.id}: ${checked.error}.`);

const handle = values.frames
  ? createLineFramer(protocol.createFramer())
  : createLineDecoder(
      protocol.createSession({ transport, model: values.model, extended: values.extended, settings: checked.settings }),
      transport,
    );

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (line.trim() === '') continue;
  process.stdout.write(JSON.stringify(handle(line)) + '\n');
}
