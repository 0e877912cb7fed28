/**
 * A typed client of the Jejak API, the example of docs/api.md. Its types come from the contract's
 * route table, so a call's body and answer are checked by the compiler and its answer by the
 * schema at run time. A test runs it against a real server (apps/server/test/api-client-example.test.ts).
 *
 *   npx tsx docs/api-client-example.ts http://localhost:8080 owner2@demo.jejak.my demo1234
 */
import { pathToFileURL } from 'node:url';
import WebSocket from 'ws';
import type { z } from 'zod';
import {
  API_BASE,
  ErrorBodySchema,
  LIVE_PATH,
  LiveServerMessageSchema,
  OPERATIONS,
  type LiveServerMessage,
  type OperationName,
  type SubscribeMessage,
} from '@jejak/contract';

type Table = typeof OPERATIONS;
/** The body a call takes; calls that read none take no argument. */
type BodyArgs<N extends OperationName> = Table[N]['request'] extends z.ZodType
  ? [body: z.input<Table[N]['request']>]
  : [];
type Answer<N extends OperationName> = z.output<Table[N]['response']>;

/** A failed call: the server's {status, errorType, message}; the message is fit to show a user. */
export class JejakApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorType: string,
    message: string,
  ) {
    super(message);
  }
}

export class JejakClient {
  private constructor(
    private readonly baseUrl: string,
    /** `cookie: jejak_sid=…` after signing in, or `authorization: Bearer …` for a token. */
    private readonly auth: Record<string, string>,
  ) {}

  /** Signs in with e-mail and password: the session cookie then goes with every call. */
  static async signIn(baseUrl: string, email: string, password: string): Promise<JejakClient> {
    const anonymous = new JejakClient(baseUrl, {});
    const res = await anonymous.send('login', { email, password });
    const cookie = res.headers.get('set-cookie')?.split(';')[0];
    if (!cookie) throw new Error('the server set no session cookie');
    return new JejakClient(baseUrl, { cookie });
  }

  /** A client that sends an API token as `Authorization: Bearer <token>`. */
  static withToken(baseUrl: string, token: string): JejakClient {
    return new JejakClient(baseUrl, { authorization: `Bearer ${token}` });
  }

  /** Calls an operation of the table by its name (its operationId in the OpenAPI document). */
  async call<N extends OperationName>(name: N, ...body: BodyArgs<N>): Promise<Answer<N>> {
    const res = await this.send(name, body[0]);
    return OPERATIONS[name].response.parse(await res.json()) as Answer<N>;
  }

  private async send(name: OperationName, body: unknown): Promise<Response> {
    const op = OPERATIONS[name];
    const res = await fetch(this.baseUrl + API_BASE + op.path, {
      method: op.method.toUpperCase(),
      headers: { ...this.auth, ...(op.method === 'post' ? { 'content-type': 'application/json' } : {}) },
      ...(op.method === 'post' ? { body: JSON.stringify(body ?? {}) } : {}),
    });
    if (!res.ok) {
      const error = ErrorBodySchema.parse(await res.json());
      throw new JejakApiError(error.status, error.errorType, error.message);
    }
    return res;
  }

  /**
   * Opens the live channel and follows these devices (`dev#{dvid}` ids) as user `uid`: `onMessage`
   * gets every update. Resolves once the server answered which ids it accepted.
   */
  async live(
    uid: string,
    ids: string[],
    onMessage: (message: LiveServerMessage) => void,
  ): Promise<{ accepted: string[]; close(): void }> {
    const socket = new WebSocket(this.baseUrl.replace(/^http/, 'ws') + LIVE_PATH, { headers: this.auth });
    await new Promise<void>((resolve, reject) => socket.once('open', resolve).once('error', reject));
    return new Promise((resolve, reject) => {
      socket.once('close', (code) => reject(new Error(`the live channel closed (${code})`)));
      socket.on('message', (data: Buffer) => {
        const message = LiveServerMessageSchema.parse(JSON.parse(data.toString('utf8')));
        if (message.mode === 'subscribed') resolve({ accepted: message.item.ids, close: () => socket.close() });
        else onMessage(message);
      });
      const subscribe: SubscribeMessage = { action: 'subscribeTo', data: { ids, uid } };
      socket.send(JSON.stringify(subscribe));
    });
  }
}

/** The walk of docs/api.md: sign in, read the fleet, follow it live until `stop` resolves. */
export async function walkthrough(
  baseUrl: string,
  email: string,
  password: string,
  stop: Promise<void>,
  log: (line: string) => void,
): Promise<void> {
  const client = await JejakClient.signIn(baseUrl, email, password);
  const { user, timeZone } = await client.call('session');
  log(`signed in as ${user.userName} (${user.userRole}), times in ${timeZone}`);
  const { vehicles } = await client.call('userGetHierarchy', { uid: user.uid });
  for (const v of vehicles) log(`${v.vehiclePlate}: ${v.vehicleDisplayName}, ${v.transitStatus ?? 'no data yet'}`);
  const live = await client.live(
    user.uid,
    vehicles.map((v) => `dev#${v.dvid}`),
    (message) => {
      if (message.mode === 'dev' && message.item.location)
        log(`${message.id} at ${message.item.location.lat}, ${message.item.location.lon}, ${message.item.speed} km/h`);
    },
  );
  log(`following ${live.accepted.length} trackers`);
  await stop;
  live.close();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [baseUrl = 'http://localhost:8080', email = 'owner2@demo.jejak.my', password = 'demo1234'] =
    process.argv.slice(2);
  const stop = new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
  await walkthrough(baseUrl, email, password, stop, (line) => console.log(line));
}
