import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/load.ts';
import { openShared, publicUrlOf } from '../roles/shared.ts';
import { createAdmin, CreateAdminError } from './create-admin.ts';

export const CREATE_ADMIN_USAGE = `Usage: jejak create-admin --email <e-mail> --name <name> --contact <+60…> --address <address>

Creates an administrator (role super, at the top of the hierarchy) in the configured database
(DATABASE_URL, else the embedded one in JEJAK_DATA_DIR, which no running process may hold).
The password is read from standard input, so it never shows in a process list or a shell history:
  printf '%s' "$PASSWORD" | jejak create-admin --email ops@example.my --name "Ops" \\
    --contact +60123456789 --address "Kuala Lumpur"
It must pass the console's password policy.`;

/** Everything standard input holds, without the line break a shell's echo adds. */
async function readStdin(stdin: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/**
 * `jejak create-admin`: returns the process's exit code (0 created, 1 refused, 2 bad usage) after
 * printing what happened; the database is opened (and migrated) only once the arguments are right.
 */
export async function runCreateAdmin(
  argv: string[],
  env: NodeJS.ProcessEnv,
  io: { stdin: NodeJS.ReadStream; out: (line: string) => void; err: (line: string) => void },
): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        contact: { type: 'string' },
        address: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (err) {
    io.err(`${(err as Error).message}\n\n${CREATE_ADMIN_USAGE}`);
    return 2;
  }
  if (values.help) {
    io.out(CREATE_ADMIN_USAGE);
    return 0;
  }
  if (io.stdin.isTTY) {
    io.err(`The password is read from standard input: pipe it in.\n\n${CREATE_ADMIN_USAGE}`);
    return 2;
  }
  const password = await readStdin(io.stdin);
  let config;
  try {
    // Not a node of the cluster (no NATS, no heartbeat row): it only writes one user.
    config = { ...loadConfig(env, { JEJAK_DEMO: false }), NATS_URL: undefined };
  } catch (err) {
    if (err instanceof ConfigError) {
      io.err(err.message);
      return 1;
    }
    throw err;
  }
  const shared = await openShared(config, {}, publicUrlOf(config));
  try {
    const uid = await createAdmin(
      shared.db,
      {
        userEmail: values.email ?? '',
        userName: values.name ?? '',
        userContact: values.contact ?? '',
        userAddress: values.address ?? '',
        userPassword: password,
      },
      shared.hasher,
      shared.now(),
    );
    io.out(`Administrator ${values.email} created (uid ${uid}, role super). Sign in to the console with it.`);
    return 0;
  } catch (err) {
    if (err instanceof CreateAdminError) {
      io.err(`Not created:\n${err.message}`);
      return 1;
    }
    throw err;
  } finally {
    await shared.database.close();
  }
}
