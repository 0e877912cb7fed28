// eslint-disable-next-line no-restricted-imports -- tests read the shared captured packets
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { DecodeResult, NormalizedMessage } from '../message.ts';

/**
 * The captured packets in ../shared/vectors (from Traccar's decoder tests, Apache-2.0; see its
 * README) and the checks every protocol's tests apply to them. Test code only.
 */
const REPO_ROOT = new URL('../../../../', import.meta.url);
export const VECTORS_DIR = new URL('../shared/vectors/', REPO_ROOT);

export interface Expectation {
  result: string;
  attribute?: { key: string; value?: string | number | boolean; altitude_m?: number };
  key?: string;
  value?: string | number | boolean;
}

export interface VectorRecordBase {
  id?: string;
  sequence: number;
  set: 'dev' | 'withheld';
  transport?: 'tcp' | 'udp' | 'http';
  payload_hex?: string;
  payload_text?: string;
  http?: { method: string; uri: string; headers: Record<string, string>; body: string };
  expect?: Expectation;
  decoder_context?: Record<string, unknown>;
  decoder_variant?: string;
}

export interface FrameRecord {
  protocol: string;
  set: 'dev' | 'withheld';
  input_hex: string;
  expected_frame_hex?: string;
}

/** Reads a vector file in sequence order. A missing file fails the suite, never skips it. */
export function loadVectors<T extends VectorRecordBase = VectorRecordBase>(file: string): T[] {
  return (JSON.parse(readFileSync(new URL(file, VECTORS_DIR), 'utf8')) as T[]).sort((a, b) => a.sequence - b.sequence);
}

export function loadFrameRecords(protocol: string): FrameRecord[] {
  return (JSON.parse(readFileSync(new URL('frames.json', VECTORS_DIR), 'utf8')) as FrameRecord[]).filter(
    (r) => r.protocol === protocol,
  );
}

export const hasLocation = (m: NormalizedMessage) => m.latitude !== undefined && m.longitude !== undefined;

/** The vector README's definition of a valid position. */
export function isValidPosition(m: NormalizedMessage): boolean {
  const t = m.deviceTimeMs ?? 0;
  return (
    t > Date.UTC(1999, 11, 31, 23, 59, 59) &&
    t < Date.now() + 25 * 3_600_000 &&
    Math.abs(m.latitude ?? 999) <= 90 &&
    Math.abs(m.longitude ?? 999) <= 180 &&
    (m.speedKmh ?? 0) >= 0 &&
    (m.course ?? 0) >= 0 &&
    (m.course ?? 0) <= 360
  );
}

/** Reads a vector's attribute key from our message (vector speeds are knots, ours km/h). */
export function valueOf(m: NormalizedMessage, key: string): unknown {
  if (key === 'altitude') return m.altitude;
  if (key === 'speed') return m.speedKmh === undefined ? undefined : m.speedKmh / 1.852;
  if (key === 'sat') return m.satellites;
  return m.attributes[key];
}

/**
 * The vector files name alarms in Traccar's vocabulary; ours (issue 12) differs where Traccar
 * keeps a name we map: a dash camera's 0x01 event, Traccar's "general", is the SOS button.
 */
const OUR_ALARM_NAMES: Readonly<Record<string, string>> = { general: 'sos' };

export function checkExpectation(e: Expectation, result: DecodeResult): void {
  const positions = result.messages.filter(hasLocation);
  switch (e.result) {
    case 'null':
      expect(positions).toHaveLength(0);
      return;
    case 'not_null':
      expect(result.messages.length).toBeGreaterThan(0);
      return;
    case 'position':
      expect(positions).toHaveLength(1);
      expect(positions.every(isValidPosition)).toBe(true);
      return;
    case 'positions':
      expect(positions.length).toBeGreaterThan(0);
      expect(positions.every(isValidPosition)).toBe(true);
      return;
    case 'positions_no_location_check':
      expect(result.messages.length).toBeGreaterThan(0);
      return;
    case 'attributes':
      expect(result.messages).toHaveLength(1);
      expect(Object.keys(result.messages[0]?.attributes ?? {}).length).toBeGreaterThan(0);
      return;
    case 'attribute': {
      const key = e.attribute?.key ?? '';
      const given = e.attribute?.value ?? e.attribute?.altitude_m;
      const want = key === 'alarm' && typeof given === 'string' ? (OUR_ALARM_NAMES[given] ?? given) : given;
      const got = result.messages.map((m) => valueOf(m, key)).find((v) => v !== undefined);
      if (typeof want === 'number') expect(got).toBeCloseTo(want, 2);
      else expect(got).toBe(want);
      return;
    }
    default:
      throw new Error(`unknown expectation ${e.result}`);
  }
}
