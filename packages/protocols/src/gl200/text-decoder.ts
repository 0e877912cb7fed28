import { DecodeError } from '../codec/decode-error.ts';
import type { NormalizedMessage } from '../message.ts';
import { encodeHeartbeatAck } from './encoder.ts';
import { openTextReport, type TextReport } from './text-envelope.ts';
import { findBlocks, readBlock, type Attributes } from './text-fields.ts';
import { infoAttributes } from './text-info.ts';
import { reportAttributes, trailerAttributes } from './text-reports.ts';

export interface Decoded {
  /** The unique id the frame names, or null (binary frames may carry a device name instead). */
  imei: string | null;
  /** The frame is an explicit login (binary +LGN): identify the device whatever it carries. */
  login?: boolean;
  messages: NormalizedMessage[];
  reply: Uint8Array | null;
  warnings: string[];
}

/**
 * One text report → messages. Reports with GPS blocks give one position per block; the others
 * give one heartbeat (or alarm, when the report is one). `+BUFF:` reports were stored by the
 * device while it could not send and are marked `memory`. The heartbeat `GTHBD` is answered with
 * `+SACK:GTHBD,<protocol version>,<count number>$` (Queclink @Track protocol, "heartbeat").
 */
export function decodeTextReport(text: string): Decoded {
  const report = openTextReport(text);
  if (report.prefix === 'SACK') throw new DecodeError('+SACK is what the server sends, not a device report');
  const warnings: string[] = [];
  const messages = report.type === 'HBD' ? [heartbeat(report, { event: 'GTHBD' })] : reportMessages(report);
  if (report.prefix === 'BUFF') for (const m of messages) m.memory = true;
  let reply: Uint8Array | null = null;
  if (report.type === 'HBD') {
    if (report.version && report.count) reply = encodeHeartbeatAck(report.version, report.count);
    else warnings.push('heartbeat without protocol version or count number: not acknowledged');
  }
  return { imei: report.imei, messages, reply, warnings };
}

function reportMessages(report: TextReport): NormalizedMessage[] {
  if (report.prefix === 'ACK') return [heartbeat(report, infoAttributes(report))];
  const { body } = report;
  const blocks = findBlocks(body).map((lon) => ({ lon, ...readBlock(body, lon) }));
  const first = blocks[0];
  const last = blocks[blocks.length - 1];
  if (!first || !last) {
    const attributes = { ...reportAttributes(report, body), ...infoAttributes(report) };
    return [heartbeat(report, attributes)];
  }
  const pre = body.slice(0, Math.max(0, first.lon - 4));
  const common = reportAttributes(report, pre);
  Object.assign(last.message.attributes, trailerAttributes(report, pre, body.slice(last.next)));
  return blocks.map(({ message }) => ({ ...message, attributes: { ...message.attributes, ...common } }));
}

function heartbeat(report: TextReport, attributes: Attributes): NormalizedMessage {
  const kind = typeof attributes.alarm === 'string' ? 'alarm' : 'heartbeat';
  return report.sendTimeMs === null ? { kind, attributes } : { kind, deviceTimeMs: report.sendTimeMs, attributes };
}
