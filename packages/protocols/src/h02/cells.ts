import { DecodeError } from '../codec/decode-error.ts';
import type { NormalizedMessage } from '../message.ts';
import { deviceTime, isDateField, statusOf, withTime } from './fields.ts';
import type { Attributes } from './status.ts';
import type { TextHandler } from './text-frame.ts';

/*
 * Reports without a GPS fix: cell towers, link and base-station status. Each becomes one
 * heartbeat carrying the serving cell (mcc, mnc, lac, cellId — the names the GT06 decoder uses)
 * and the status-word attributes.
 */

function int(field: string | undefined, name: string, radix = 10): number {
  const s = (field ?? '').trim();
  const ok = radix === 16 ? /^[0-9a-fA-F]{1,8}$/.test(s) : /^-?\d{1,10}$/.test(s);
  if (!ok) throw new DecodeError(`invalid ${name} "${s.slice(0, 12)}"`);
  return parseInt(s, radix);
}

function heartbeat(deviceTimeMs: number | undefined, attributes: Attributes): NormalizedMessage {
  return withTime({ kind: 'heartbeat', attributes }, deviceTimeMs);
}

/**
 * NBR neighbouring-cell report (H02 protocol, LBS extension): `NBR,hhmmss,MCC,MNC,TA,N,` then
 * N × (LAC, cell id, signal level), `ddmmyy,status`; some firmwares add a battery field.
 */
export const decodeNeighbours: TextHandler = ({ fields }) => {
  const count = int(fields[7], 'cell count');
  const end = 8 + count * 3;
  if (!isDateField(fields[end])) throw new DecodeError(`expected the date after ${count} cells`);
  const attributes: Attributes = { ...statusOf(fields[end + 1]) };
  attributes.mcc = int(fields[4], 'MCC');
  attributes.mnc = int(fields[5], 'MNC');
  if (count > 0) {
    attributes.lac = int(fields[8], 'LAC');
    attributes.cellId = int(fields[9], 'cell id');
  }
  const warnings: string[] = [];
  // Confirmed like a V1 report, with `V4,NBR,<time>` (see decoder.ts).
  return {
    messages: [heartbeat(deviceTime(fields[3], fields[end], warnings), attributes)],
    warnings,
    wantsReply: true,
  };
};

/**
 * V3 multi-cell report (inferred from captures): `V3,hhmmss,MCCMNC,N,` then N × (LAC, cell id,
 * two signal fields), three fields not decoded, `ddmmyy,status`.
 */
export const decodeV3Cells: TextHandler = ({ fields }) => {
  const date = fields[fields.length - 2];
  if (!isDateField(date)) throw new DecodeError('expected the date before the status word');
  const attributes: Attributes = { ...statusOf(fields[fields.length - 1]) };
  const network = (fields[4] ?? '').trim();
  if (!/^\d{5,6}$/.test(network)) throw new DecodeError(`invalid MCC/MNC "${network.slice(0, 8)}"`);
  attributes.mcc = Number(network.slice(0, 3));
  attributes.mnc = Number(network.slice(3));
  if (int(fields[5], 'cell count') > 0) {
    attributes.lac = int(fields[6], 'LAC');
    attributes.cellId = int(fields[7], 'cell id');
  }
  const warnings: string[] = [];
  return { messages: [heartbeat(deviceTime(fields[3], date, warnings), attributes)], warnings };
};

/**
 * BS cell report (inferred from captures): `BS,,MCC,MNC,LAC,cell id,…` in hex, the status
 * word among the last fields; no time.
 */
export const decodeBs: TextHandler = ({ fields }) => {
  const statusField = fields.slice(8).find((f) => /^[0-9a-fA-F]{8}$/.test(f.trim()));
  const attributes: Attributes = {
    ...statusOf(statusField),
    mcc: int(fields[4], 'MCC', 16),
    mnc: int(fields[5], 'MNC', 16),
    lac: int(fields[6], 'LAC', 16),
    cellId: int(fields[7], 'cell id', 16),
  };
  return { messages: [heartbeat(undefined, attributes)], warnings: [] };
};

/** BASE (inferred from captures): `BASE,hhmmss,` four fields not decoded, `ddmmyy,status`. */
export const decodeBase: TextHandler = ({ fields }) => {
  if (!isDateField(fields[8])) throw new DecodeError('expected the date in the ninth field');
  const warnings: string[] = [];
  return { messages: [heartbeat(deviceTime(fields[3], fields[8], warnings), statusOf(fields[9]))], warnings };
};

/**
 * LINK status (inferred from captures): `LINK,hhmmss,GSM signal,satellites,battery %,steps,
 * turnovers,ddmmyy,status`.
 */
export const decodeLink: TextHandler = ({ fields }) => {
  if (!isDateField(fields[9])) throw new DecodeError('expected the date in the tenth field');
  const attributes: Attributes = {
    ...statusOf(fields[10]),
    gsm: int(fields[4], 'GSM signal'),
    batteryLevel: int(fields[6], 'battery level'),
    steps: int(fields[7], 'steps'),
  };
  const warnings: string[] = [];
  const message = heartbeat(deviceTime(fields[3], fields[9], warnings), attributes);
  message.satellites = int(fields[5], 'satellites');
  return { messages: [message], warnings };
};
