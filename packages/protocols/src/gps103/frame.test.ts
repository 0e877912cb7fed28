import { describe, expect, it } from 'vitest';
import { checkSplits } from '../testing/framing.ts';
import { encodeGps103Heartbeat } from './encoder.ts';
import { createGps103Framer, GPS103_MAX_BUFFERED_BYTES } from './frame.ts';

const ascii = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);
const text = (bytes: Uint8Array | null | undefined): string => String.fromCharCode(...(bytes ?? []));
const hex = (t: string): string => Array.from(ascii(t), (b) => b.toString(16).padStart(2, '0')).join('');

describe('GPS103 framer', () => {
  const frames = [
    '##,imei:359586015829802,A;',
    '359586015829802',
    'imei:359586015829802,tracker,0809231929,13554900601,F,112909.397,A,2234.4669,N,11354.3287,E,0.11,321.53,;',
    'imei:861359038609986,Equipo 1,---,------,----,214734,241018,26,1,-33.42317,-70.61930,067,229,0674,1.00,08,0,1,---,*',
    '359586015829802;',
    'imei:864895030279986,ac alarm,180404174252,,L,,,296a,,51f7,,,;',
  ].map(hex);

  it('cuts the stream the same whatever the split: login, heartbeats, ; and * reports', () => {
    checkSplits(() => createGps103Framer(), frames);
  });

  it('skips line breaks between reports and ends a report at a line break', () => {
    const out = createGps103Framer().push(ascii('imei:1,tracker,,,L,\r\n\r\n##,imei:359586015829802,A;\n'));
    expect(out.error).toBeNull();
    expect(out.frames.map(text)).toEqual(['imei:1,tracker,,,L,', '##,imei:359586015829802,A;']);
  });

  it('takes a chunk that is just an IMEI as a heartbeat, and waits for a shorter one', () => {
    expect(createGps103Framer().push(encodeGps103Heartbeat('359586015829802')).frames.map(text)).toEqual([
      '359586015829802',
    ]);
    const framer = createGps103Framer();
    expect(framer.push(ascii('3595860')).frames).toEqual([]);
    expect(framer.bufferedBytes).toBe(7);
  });

  it('fails on garbage and on a report longer than its bound', () => {
    expect(createGps103Framer().push(ascii('GET / HTTP/1.1\r\n')).error).toMatch(/not a GPS103 frame/);
    expect(createGps103Framer().push(ascii('1'.repeat(21))).error).toMatch(/not a heartbeat/);
    const long = createGps103Framer().push(ascii(`imei:1,${'x'.repeat(GPS103_MAX_BUFFERED_BYTES)}`));
    expect(long.error).toMatch(/no ; within 8192 bytes/);
  });
});
