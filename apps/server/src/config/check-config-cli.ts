import { ConfigError, loadConfig } from './load.ts';
import { unknownConfigKeys, unknownKeyMessage } from './unknown-keys.ts';

export const CHECK_CONFIG_USAGE = `Usage: jejak check-config

Reads the configuration from the environment as a start would (docs/config.md) and says what is
wrong with it: every invalid value, and every unknown JEJAK_* key with the known key nearest to
it. Exits 0 when there is nothing to say, 1 otherwise. Opens nothing.`;

/** `jejak check-config`: the process's exit code, after printing what it found. */
export function runCheckConfig(
  argv: string[],
  env: Record<string, string | undefined>,
  io: { out: (line: string) => void; err: (line: string) => void },
): number {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.out(CHECK_CONFIG_USAGE);
    return 0;
  }
  if (argv.length > 0) {
    io.err(`Unknown argument(s): ${argv.join(' ')}\n\n${CHECK_CONFIG_USAGE}`);
    return 2;
  }
  const problems: string[] = [];
  try {
    loadConfig(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    problems.push(...err.problems);
  }
  problems.push(...unknownConfigKeys(env).map(unknownKeyMessage));
  if (problems.length === 0) {
    io.out('The configuration is valid.');
    return 0;
  }
  for (const problem of problems) io.err(problem);
  return 1;
}
