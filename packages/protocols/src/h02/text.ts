import type { NormalizedMessage } from '../message.ts';
import { decodeBase, decodeBs, decodeLink, decodeNeighbours, decodeV3Cells } from './cells.ts';
import { readFix } from './fields.ts';
import type { Attributes } from './status.ts';
import type { TextHandler } from './text-frame.ts';

/*
 * The handlers of text reports (H02 protocol §3), one per report type; text-frame.ts splits the
 * `*XX,ID,TYPE,...#` frame they receive. Types marked "inferred from captures" follow no
 * document we have; they were worked out from the captured reports in ../shared/vectors and are
 * the least certain.
 */

/** The handler for a report type; undefined when the type is not supported. */
export function textHandler(type: string): TextHandler | undefined {
  return HANDLERS.get(type) ?? (/^VI?\d+$/.test(type) ? decodeGeneral : undefined);
}

/**
 * V1 general message and its relatives (H02 protocol §3): V1, V2, V5, V6, V8, V19 and the
 * VI1 address request all carry the same position block from the fourth field on.
 */
const decodeGeneral: TextHandler = ({ fields, type }) => {
  const fix = readFix(fields, { start: 3, withTime: true });
  // The server confirms a V1 report with `V4,V1,<time>` (see decoder.ts).
  return { messages: [fix.message], warnings: fix.warnings, wantsReply: type === 'V1' };
};

/** A whole number field, or undefined (empty fields included). */
const wholeNumber = (s: string | undefined): number | undefined => (/^\d{1,9}$/.test(s ?? '') ? Number(s) : undefined);

const isValidity = (s: string | undefined) => /^[AV0]?$/i.test((s ?? '').trim());
const isTimeField = (s: string | undefined) => /^\d{6}(\.\d+)?$/.test((s ?? '').trim());

/**
 * V4 confirmation (H02 protocol §3, "confirm message"): `V4,CMD,[parameters,]hhmmss,` — the
 * command confirmed, its result or echoed parameters and the command's time — then the
 * general position block. `result` keeps the command and what follows it, e.g. "S20,DONE".
 */
const decodeConfirmation: TextHandler = ({ fields }) => {
  for (let i = 5; i + 3 < fields.length; i++) {
    if (isTimeField(fields[i]) && isValidity(fields[i + 1]) && /^[NS]$/i.test(fields[i + 3] ?? '')) {
      const fix = readFix(fields, { start: i, withTime: true });
      const result = fields.slice(3, i - 1).join(',');
      // The command's own hhmmss, echoed: with the command name it matches the answer to its command.
      const commandTime = fields[i - 1] ?? '';
      const attributes = { ...fix.message.attributes, result, ...(isTimeField(commandTime) ? { commandTime } : {}) };
      const message: NormalizedMessage = { ...fix.message, attributes };
      return { messages: [message], warnings: fix.warnings };
    }
  }
  return { messages: [{ kind: 'heartbeat', attributes: { result: fields.slice(3).join(',') } }], warnings: [] };
};

/**
 * VP1 (inferred from captures): a position block without the time field —
 * `VP1,A,lat,N,lon,E,speed,course,ddmmyy` — or, without a fix, `VP1,V,` and cell data.
 */
const decodeVp1: TextHandler = ({ fields }) => {
  if (/^[NS]$/i.test(fields[5] ?? '')) {
    const fix = readFix(fields, { start: 3, withTime: false });
    return { messages: [fix.message], warnings: fix.warnings };
  }
  const [mcc, mnc] = [wholeNumber(fields[4]), wholeNumber(fields[5])];
  const attributes: Attributes = mcc !== undefined && mnc !== undefined ? { mcc, mnc } : {};
  // Then the cells, `LAC,cell id,signal` each, joined by "Y": the first is the serving cell.
  const [lac, cellId] = [wholeNumber(fields[6]), wholeNumber(fields[7]?.split('Y')[0])];
  if (mcc !== undefined && lac !== undefined && cellId !== undefined) Object.assign(attributes, { lac, cellId });
  return { messages: [{ kind: 'heartbeat', attributes }], warnings: [] };
};

/**
 * HTBT (and V0) heartbeat (inferred from captures): `HTBT[,battery %]`. It is answered with the V4
 * confirmation form of §3 and the server time (see decoder.ts); no document we have says
 * which firmwares need the answer.
 */
const decodeHeartbeat: TextHandler = ({ fields }) => {
  const attributes: Attributes = {};
  const level = wholeNumber(fields[3]?.trim());
  if (level !== undefined && level <= 100) attributes.batteryLevel = level;
  return { messages: [{ kind: 'heartbeat', attributes }], warnings: [], wantsReply: true };
};

/** XT (inferred from captures): `XT,<charging 0/1>,<battery %>`. */
const decodeXt: TextHandler = ({ fields }) => {
  const attributes: Attributes = {};
  if (fields[3] === '0' || fields[3] === '1') attributes.charge = fields[3] === '1';
  const level = wholeNumber(fields[4]);
  if (level !== undefined && level <= 100) attributes.batteryLevel = level;
  return { messages: [{ kind: 'heartbeat', attributes }], warnings: [] };
};

/** SMS: the text of a reply the device sent by SMS, e.g. its parameter list; kept as `result`. */
const decodeSms: TextHandler = ({ body }) => {
  const text = body.split(',').slice(3).join(',');
  return { messages: [{ kind: 'heartbeat', attributes: { result: text } }], warnings: [] };
};

const HANDLERS: ReadonlyMap<string, TextHandler> = new Map([
  ['V4', decodeConfirmation],
  ['VP1', decodeVp1],
  ['V3', decodeV3Cells],
  ['NBR', decodeNeighbours],
  ['LINK', decodeLink],
  ['BASE', decodeBase],
  ['BS', decodeBs],
  ['HTBT', decodeHeartbeat],
  ['V0', decodeHeartbeat],
  ['XT', decodeXt],
  ['SMS', decodeSms],
]);
