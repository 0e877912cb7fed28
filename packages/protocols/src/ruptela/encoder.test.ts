import { describe, expect, it } from 'vitest';
import { bytesToHex } from '../codec/hex.ts';
import { hasLocation } from '../testing/vectors.ts';
import { ruptelaCommands } from './commands.ts';
import { crc16Kermit } from './crc.ts';
import { createRuptelaSession } from './decoder.ts';
import { encodeRuptelaRecords } from './encoder.ts';
import { ruptelaProtocol } from './index.ts';

const ascii = (bytes: Uint8Array | null | undefined) => String.fromCharCode(...(bytes ?? []));

describe('Ruptela encoder and commands', () => {
  it('computes CRC-16/KERMIT', () => {
    expect(crc16Kermit(Uint8Array.from('123456789', (c) => c.charCodeAt(0)))).toBe(0x2189);
  });

  it.each([false, true])('round-trips records through the decoder (extended: %s)', (extended) => {
    const rec = {
      timeMs: Date.UTC(2026, 4, 2, 3, 4, 5),
      lat: 3.139003,
      lon: -101.6868551,
      speedKmh: 57,
      course: 271.5,
      altitude: 41.3,
      satellites: 11,
      hdop: 0.8,
      io: { 5: 1, 29: 13270, 65: 1234567 },
    };
    const packet = encodeRuptelaRecords('863514052765894', [rec, { ...rec, timeMs: rec.timeMs + 1000 }], { extended });
    const result = createRuptelaSession().decode(packet);
    expect(result.error).toBeNull();
    expect(bytesToHex(result.reply ?? new Uint8Array())).toBe('0002640113bc');
    const fixes = result.messages.filter(hasLocation);
    expect(fixes).toHaveLength(2);
    expect(fixes[1]).toMatchObject({
      imei: '863514052765894',
      deviceTimeMs: rec.timeMs + 1000,
      latitude: 3.139003,
      longitude: -101.6868551,
      speedKmh: 57,
      course: 271.5,
      altitude: 41.3,
      satellites: 11,
      attributes: { hdop: 0.8, ignition: true, din4: true, power: 13.27, odometer: 1234567 },
    });
  });

  it('sends custom text as SMS via GPRS (0x6C), byte for byte', () => {
    // The same bytes as Traccar's Ruptela encoder test for " Setio 2,1".
    const bytes = ruptelaCommands.encode({ type: 'custom', text: ' Setio 2,1' }, { imei: '1', serial: 0 });
    expect(bytesToHex(bytes ?? new Uint8Array())).toBe('000b6c20536574696f20322c31eb3e');
    expect(ruptelaCommands.supported).toEqual(['custom']);
    for (const type of ['engineStop', 'engineResume', 'reboot', 'requestPosition'] as const) {
      expect(ruptelaCommands.encode({ type }, { imei: '1', serial: 0 })).toBeNull();
    }
    expect(ruptelaCommands.encode({ type: 'custom', text: 'x'.repeat(161) }, { imei: '1', serial: 0 })).toBeNull();
    expect(ascii(ruptelaCommands.encode({ type: 'custom', text: ' getver' }, { imei: '1', serial: 0 }))).toContain(
      'getver',
    );
  });

  it('describes itself for the registry', () => {
    expect(ruptelaProtocol).toMatchObject({
      id: 'ruptela',
      models: ['FMPRO4'],
      transports: ['tcp'],
      defaultPort: 5046,
    });
    expect(ruptelaProtocol.commands).toBe(ruptelaCommands);
  });
});
