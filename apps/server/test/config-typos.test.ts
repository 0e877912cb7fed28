import { describe, expect, it } from 'vitest';
import { freePort, runJejak, serverEnv } from '../../../tools/server-process.ts';

interface LogLine {
  level: number;
  msg: string;
  key?: string;
  closest?: string;
}

const WARN = 40;

// The real program: a misspelt key is a warning of the start's log, and check-config's exit 1.
// Each process starts through tsx: seconds on a quiet machine, tens under load. The limit only
// catches a hang.
describe('a misspelt JEJAK_* key', { timeout: 120_000 }, () => {
  it('is a warning at start naming the closest known key', async () => {
    // An invalid value too, so the process stops once the configuration is read.
    const env = { ...serverEnv(await freePort()), JEJAK_GATEWAY_HOTS: '0.0.0.0', JEJAK_DEMO: 'maybe' };
    const { code, stdout } = await runJejak(['start'], env);
    expect(code).toBe(1);
    const lines = stdout
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as LogLine);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: WARN,
        key: 'JEJAK_GATEWAY_HOTS',
        closest: 'JEJAK_GATEWAY_HOST',
        msg: 'unknown configuration key JEJAK_GATEWAY_HOTS: did you mean JEJAK_GATEWAY_HOST?',
      }),
    );
  });

  it('makes `jejak check-config` exit 1, and a clean environment exit 0', async () => {
    const env = serverEnv(await freePort());
    const [typo, clean] = await Promise.all([
      runJejak(['check-config'], { ...env, JEJAK_GATEWAY_HOTS: '0.0.0.0' }),
      runJejak(['check-config'], env),
    ]);
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain('unknown configuration key JEJAK_GATEWAY_HOTS: did you mean JEJAK_GATEWAY_HOST?');
    expect([clean.code, clean.stdout.trim()]).toEqual([0, 'The configuration is valid.']);
  });
});
