import { bytesToHex } from '../codec/hex.ts';
import type { NormalizedMessage } from '../message.ts';
import { MSG_LOCATION_2, MSG_LOCATION_2_BLIND } from './header.ts';
import { ascii } from './items/items-vendor.ts';
import { batch, locationHandled } from './batch.ts';
import type { Handled, HandlerInput } from './handled.ts';
import { readBeijingTime } from './location.ts';
import { readLocation2 } from './location2.ts';
import { readRegistration } from './registration.ts';
import { readTransparent } from './transparent.ts';

export type { Handled, HandlerInput } from './handled.ts';

type Handler = (input: HandlerInput) => Handled;

const heartbeat = (attributes: NormalizedMessage['attributes'] = {}): NormalizedMessage => ({
  kind: 'heartbeat',
  attributes,
});
const one = (message: NormalizedMessage, reply: Handled['reply'] = 'general'): Handled => ({
  messages: [message],
  reply,
  warnings: [],
});

/** The result byte of a terminal general response (JT/T 808-2013 §8.1). */
const RESULTS = ['success', 'failure', 'message error', 'not supported', 'alarm confirmed'];

/** Terminal messages of JT/T 808-2013/2019 §8 (and vendors' additions) by message id. */
export const HANDLERS: ReadonlyMap<number, Handler> = new Map<number, Handler>([
  [
    0x0001,
    ({ body: r }) => {
      // §8.1 terminal general response: answer serial, answer id, result.
      const commandSerial = r.readU16('answer serial');
      const commandType = r.readU16('answer id');
      const code = r.readU8('result');
      return one(heartbeat({ result: RESULTS[code] ?? `result ${code}`, commandSerial, commandType }), null);
    },
  ],
  [
    0x0002,
    ({ body: r }) => {
      // §8.3 heartbeat: empty body; some terminals add battery, signal and a status byte.
      if (r.remaining < 3) return one(heartbeat());
      return one(heartbeat({ batteryLevel: r.readU8('battery'), gsm: r.readU8('signal'), status: r.readU8('status') }));
    },
  ],
  [0x0003, () => one(heartbeat({ event: 'logout' }))],
  [0x0100, ({ header, body }) => one(heartbeat(readRegistration(body, header.version !== null)), 'register')],
  [
    0x0102,
    ({ header, body: r }) => {
      // §8.6 terminal authentication: the code (2019: length-prefixed, then IMEI and software version).
      const code = header.version === null ? r.readRest() : r.readBytes(r.readU8('code length'), 'code');
      return one(heartbeat({ authCode: ascii(code).replace(/[^\x20-\x7e]/g, '') }));
    },
  ],
  [
    0x0107,
    ({ body: r }) => {
      // §8.15 terminal attributes: type, maker (5), model (20), id (7), ICCID (BCD[10]).
      r.skip(34, 'terminal type, maker, model and id');
      return one(heartbeat({ iccid: bytesToHex(r.readBytes(10, 'ICCID')) }));
    },
  ],
  [0x0200, ({ body, model }) => locationHandled(body, model, 'general')],
  [
    0x0201,
    ({ body, model }) => {
      // §8.20 location query response: answer serial, then a location report.
      const commandSerial = body.readU16('answer serial');
      const handled = locationHandled(body, model, null);
      for (const m of handled.messages) m.attributes.commandSerial = commandSerial;
      return handled;
    },
  ],
  [
    0x0210,
    ({ body: r, model }) => {
      if (r.remaining !== 7) return batch(r, model, 1, false);
      const batteryLevel = r.readU8('battery');
      return one({ kind: 'heartbeat', deviceTimeMs: readBeijingTime(r), attributes: { batteryLevel } });
    },
  ],
  [
    0x0701,
    ({ body: r }) => one(heartbeat({ result: ascii(r.readBytes(r.readU32('waybill length'), 'waybill')) }), null),
  ],
  [
    0x0702,
    ({ body: r }) => {
      // §8.48 driver identity: card status, time, result, driver name, qualification number …
      const status = r.readU8('card status');
      const deviceTimeMs = readBeijingTime(r);
      r.skip(1, 'card result');
      const driver = ascii(r.readBytes(r.readU8('name length'), 'driver name')).trim();
      const driverUniqueId = ascii(r.readBytes(20, 'qualification code')).replace(/\0/g, '').trim();
      return one({ kind: 'heartbeat', deviceTimeMs, attributes: { cardStatus: status, driver, driverUniqueId } }, null);
    },
  ],
  [
    0x0704,
    ({ body: r, model }) => {
      // §8.55 batch location upload: count, type (1 = blind-area replay), then length-prefixed reports.
      r.readU16('count');
      return batch(r, model, 2, r.readU8('location type') === 1);
    },
  ],
  [0x0900, ({ body, model }) => one(readTransparent(body, model))],
  [0x1007, () => one(heartbeat({ event: 'timezone' }))],
  [
    0x1300,
    ({ body: r }) => {
      const commandSerial = r.readU16('answer serial');
      const bytes = r.readRest();
      let text = '';
      for (let i = 0; i + 1 < bytes.length; i += 2)
        text += String.fromCharCode(((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0));
      return one(heartbeat({ result: text.trim(), commandSerial }), null);
    },
  ],
  [
    0x2070,
    ({ body: r }) => {
      // Vendor acceleration samples: time (6 bytes), then x, y, z.
      const samples: string[] = [];
      while (r.remaining >= 12) {
        r.skip(6, 'sample time');
        samples.push(
          `[${[signMagnitude(r.readU16('x')), signMagnitude(r.readU16('y')), signMagnitude(r.readU16('z'))].join(',')}]`,
        );
      }
      return one(heartbeat({ gSensor: `[${samples.join(',')}]` }), null);
    },
  ],
  [
    MSG_LOCATION_2,
    ({ header, body }) => one(readLocation2(body, false), header.properties & 0x8000 ? 'general2' : null),
  ],
  [
    MSG_LOCATION_2_BLIND,
    ({ header, body }) => one(readLocation2(body, true), header.properties & 0x8000 ? 'general2' : null),
  ],
  [
    0x6006,
    ({ body: r }) => {
      r.readU8('encoding');
      return one(heartbeat({ result: ascii(r.readRest()) }));
    },
  ],
]);

/** Acceleration samples are sign and magnitude: bit 15 the sign, bits 0–14 the value. */
const signMagnitude = (v: number): number => (v & 0x8000 ? -(v & 0x7fff) : v);
