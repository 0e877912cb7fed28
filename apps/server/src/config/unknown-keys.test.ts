import { describe, expect, it } from 'vitest';
import { runCheckConfig } from './check-config-cli.ts';
import { editDistance, unknownConfigKeys } from './unknown-keys.ts';

describe('unknown JEJAK_* keys', () => {
  it.each([
    ['', 'abc', 3],
    ['kitten', 'sitting', 3],
    ['JEJAK_HTTP_PORT', 'JEJAK_HTTP_PORT', 0],
    ['JEJAK_HTPP_PORT', 'JEJAK_HTTP_PORT', 1],
  ])('edit distance of %s and %s is %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });

  it('names each misspelt key with the known key nearest to it, and nothing else', () => {
    const env = {
      JEJAK_HTPP_PORT: '9000',
      JEJAK_DATADIR: '/srv',
      JEJAK_HTTP_PORT: '8080',
      JEJAK_TEST_PG_URL: 'postgres://x',
      PATH: '/bin',
      DATABASE_URL: 'postgres://y',
    };
    expect(unknownConfigKeys(env)).toEqual([
      { key: 'JEJAK_DATADIR', closest: 'JEJAK_DATA_DIR' },
      { key: 'JEJAK_HTPP_PORT', closest: 'JEJAK_HTTP_PORT' },
    ]);
  });
});

describe('jejak check-config', () => {
  const run = (env: Record<string, string>, argv: string[] = []) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = runCheckConfig(argv, env, { out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out, err };
  };

  it('passes a valid configuration', () => {
    expect(run({ JEJAK_HTTP_PORT: '9000', HOME: '/root' })).toEqual({
      code: 0,
      out: ['The configuration is valid.'],
      err: [],
    });
  });

  it('exits 1 on an unknown key, naming the closest known one', () => {
    const { code, err } = run({ JEJAK_SMTP_HOTS: 'mail.example.my' });
    expect(code).toBe(1);
    expect(err).toEqual(['unknown configuration key JEJAK_SMTP_HOTS: did you mean JEJAK_SMTP_HOST?']);
  });

  it('lists invalid values and unknown keys together', () => {
    const { code, err } = run({ JEJAK_HTTP_PORT: 'eighty', JEJAK_LOG_LEVL: 'debug' });
    expect(code).toBe(1);
    expect(err).toHaveLength(2);
    expect(err[0]).toMatch(/^JEJAK_HTTP_PORT: /);
    expect(err[1]).toBe('unknown configuration key JEJAK_LOG_LEVL: did you mean JEJAK_LOG_LEVEL?');
  });

  it('refuses arguments it does not take', () => {
    expect(run({}, ['--fix']).code).toBe(2);
  });
});
