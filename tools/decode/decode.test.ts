import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { loadFrameRecords, loadVectors } from '../../packages/protocols/src/testing/vectors.ts';
import type { DecodedLine } from './decode-line.ts';

const CLI = new URL('./cli.ts', import.meta.url).pathname;

function runDecode(args: string[], input: string): { lines: unknown[]; status: number | null; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], {
    input,
    encoding: 'utf8',
    timeout: 60_000,
  });
  const lines = r.stdout
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as unknown);
  return { lines, status: r.status, stderr: r.stderr };
}

describe('npm run decode', () => {
  it('decodes the GT06 captures through one session, one JSON line per input line', () => {
    const records = loadVectors('gt06.json');
    const input = records.map((r) => r.payload_hex ?? '').join('\n') + '\nnot-hex\n';
    const { lines, status } = runDecode(['--protocol', 'gt06'], input);
    expect(status).toBe(0);
    expect(lines).toHaveLength(records.length + 1);
    const out = lines as DecodedLine[];
    records.forEach((r, i) => {
      const line = out[i]!;
      const located = line.positions.filter((p) => p.latitude !== null && p.longitude !== null);
      if (r.set === 'dev' && (r.expect?.result === 'position' || r.expect?.result === 'positions')) {
        expect(located.length, `#${r.sequence}`).toBeGreaterThan(0);
        expect(located[0]?.deviceId, `#${r.sequence}`).toMatch(/^\d{15}$/);
      }
      if (r.set === 'dev' && r.expect?.result === 'null') expect(located, `#${r.sequence}`).toEqual([]);
      if (line.error === null && line.positions.length === 0) expect(line.reply, `#${r.sequence}`).not.toBeNull();
    });
    expect(out.at(-1)).toEqual({ positions: [], reply: null, error: 'input is not hex' });
  });

  it('with --frames, cuts raw stream chunks into frames, keeping partial data', () => {
    const records = loadFrameRecords('gt06').filter((r) => r.set === 'dev' && r.expected_frame_hex);
    const first = records[0]!;
    const half = Math.floor(first.input_hex.length / 4) * 2;
    const { lines } = runDecode(
      ['--protocol', 'gt06', '--frames'],
      `${first.input_hex.slice(0, half)}\n${first.input_hex.slice(half)}\n`,
    );
    expect(lines[0]).toEqual({ frames: [] });
    expect((lines[1] as { frames: string[] }).frames[0]).toBe(first.expected_frame_hex);
  });

  it('takes per-device settings with --option, as the vector files name them or plainly', () => {
    // A Suntech ST600 report whose ADC values follow the hour meter only on devices set so.
    const report =
      'ST600STT;008594432;20;492;20200212;18:58:30;060bb0e1;334;20;36bb;45;+19.337897;-099.064489;000.398;000.00;12;1;5049883;13.61;100100;2;1198;013762;4.2;1;4.68';
    const hex = Buffer.from(`${report}\r`, 'latin1').toString('hex');
    const adc1 = (args: string[]) =>
      (runDecode(['--protocol', 'suntech', ...args], `${hex}\n`).lines[0] as DecodedLine).positions[0]?.attributes[
        'adc1'
      ];
    expect(adc1([])).toBeUndefined();
    expect(adc1(['--option', 'setHbm=1', '--option', 'setIncludeAdc=true'])).toBeCloseTo(4.68, 2);
    expect(adc1(['--option', 'hbm=1', '--option', 'includeAdc=1'])).toBeCloseTo(4.68, 2);
  });

  it('refuses a setting the protocol does not take, or a value it cannot have', () => {
    const unknown = runDecode(['--protocol', 'suntech', '--option', 'speedLimit=3'], '');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/unknown setting 'speedLimit' \(this protocol takes: protocolType, hbm, includeAdc/);
    const bad = runDecode(['--protocol', 'suntech', '--option', 'hbm=7'], '');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/setting hbm is one of 0, 1, 2, not "7"/);
    expect(runDecode(['--protocol', 'gt06', '--option', 'hbm'], '').stderr).toMatch(/--option takes NAME=VALUE/);
  });

  it('refuses an unknown protocol with the list of known ones', () => {
    const { status, stderr } = runDecode(['--protocol', 'nope'], '');
    expect(status).toBe(2);
    expect(stderr).toMatch(/Unknown protocol 'nope'[\s\S]*gt06 \(tcp\)/);
  });
});
