import { z } from 'zod';
import {
  LIVE_NORMAL_CLOSE,
  LIVE_PATH,
  LIVE_RECONNECT_MS,
  LIVE_SESSION_ENDED_CLOSE,
  LIVE_TOO_MANY_SOCKETS_CLOSE,
  LiveDeviceMessageSchema,
  LiveGeofenceMessageSchema,
  LiveNotifyMessageSchema,
  LiveSubscribedMessageSchema,
  LiveTicketMessageSchema,
  LiveVehicleMessageSchema,
  SubscribeMessageSchema,
  type LiveServerMessage,
} from '../core/live.ts';
import { SESSION_COOKIE_NAME } from './openapi.ts';

const OWNER = '9b2d7c44-1e5a-4f86-a3d0-6c8e2f1b7a95';
const DEV = 'dev#GPS100#359710040000019';
const VID = '8715192d-44a2-478f-b7f9-7d15524bad69';
/** 10:15 on 27 November 2026 in Kuala Lumpur. */
const AT = 1_795_745_700_000;

interface LiveMessage {
  schema: z.ZodType;
  title: string;
  summary: string;
  example?: unknown;
}

/** What a client sends: one kind, which replaces the socket's subscription. */
const SENT = {
  subscribeTo: {
    schema: SubscribeMessageSchema,
    title: 'Subscribe',
    summary:
      'Follow these devices (ids `dev#{dvid}`, at most 50,000) as the signed-in user (`uid` must be its own). ' +
      'Each subscribe replaces the last; ids the user may not see are left out and counted as rejected.',
    example: { action: 'subscribeTo', data: { ids: [DEV], uid: OWNER } } satisfies z.input<
      typeof SubscribeMessageSchema
    >,
  },
} satisfies Record<string, LiveMessage>;

/** What the server pushes, by `mode`: the members of LiveServerMessageSchema. */
const RECEIVED = {
  subscribed: {
    schema: LiveSubscribedMessageSchema,
    title: 'Subscribed',
    summary: 'The answer to a subscribe, and sent again when access changes: the ids now followed.',
    example: { mode: 'subscribed', id: OWNER, item: { ids: [DEV], rejected: 0 } },
  },
  dev: {
    schema: LiveDeviceMessageSchema,
    title: 'Device update',
    summary: "A followed device's new state: position, speed, heading, GPS and engine status.",
  },
  vhc: {
    schema: LiveVehicleMessageSchema,
    title: 'Vehicle update',
    summary: 'The vehicle of a followed device: transit status, mileage, address.',
  },
  geofence: {
    schema: LiveGeofenceMessageSchema,
    title: 'Geofence crossing',
    summary: 'The vehicle entered (inside 1) or left (inside 0) one of its geofences.',
    example: {
      mode: 'geofence',
      id: DEV,
      item: {
        vid: VID,
        geoid: 'b8a7c6d5-e4f3-4a2b-9c1d-0e9f8a7b6c5d',
        geofenceName: 'Depot Kapar',
        geoType: 'POI',
        inside: 1,
        time: AT,
      },
    },
  },
  notify: {
    schema: LiveNotifyMessageSchema,
    title: 'Event',
    summary:
      'An event of a followed vehicle was stored (the in-app pop-up); recipients of a PUSH notification get it followed or not.',
  },
  ticket: {
    schema: LiveTicketMessageSchema,
    title: 'Tickets resolved',
    summary: "SOS tickets of the device's vehicle were resolved: refetch them.",
    example: {
      mode: 'ticket',
      id: DEV,
      item: { vid: VID, ticketIds: ['4d3c2b1a-0f9e-4d8c-a7b6-5e4d3c2b1a09'], resolved: true },
    },
  },
} satisfies Record<LiveServerMessage['mode'], LiveMessage & { example?: LiveServerMessage }>;

/** Every live message by name, for the document and its tests. */
export const LIVE_MESSAGE_DOCS: Readonly<Record<string, LiveMessage>> = { ...SENT, ...RECEIVED };

const INTRO = `Live updates over a WebSocket at \`${LIVE_PATH}\` on the API's host (ws:, or wss: behind HTTPS).

1. Sign in (\`POST /api/auth/login\`) and open the socket with the session cookie \`${SESSION_COOKIE_NAME}\`; a page
   of another site is refused (its Origin), and so is a session past its sockets (HTTP 429).
2. Send \`subscribeTo\` with the \`dev#{dvid}\` ids of the devices to follow (from \`/api/user/gethierarchy\`).
3. Receive JSON messages \`{mode, id, item}\`; \`id\` is the device's \`dev#\` id (the user's uid for \`subscribed\`).

Close codes: **${LIVE_NORMAL_CLOSE}** signed out, do not reconnect; **${LIVE_SESSION_ENDED_CLOSE}** the session ended, sign in
again; **${LIVE_TOO_MANY_SOCKETS_CLOSE}** too many sockets for this session or user. After any other close, reconnect after
${LIVE_RECONNECT_MS / 1000} s and refetch what the socket would have pushed meanwhile.`;

const ref = (path: string) => ({ $ref: path });

function message(name: string, m: LiveMessage): Record<string, unknown> {
  return {
    name,
    title: m.title,
    summary: m.summary,
    contentType: 'application/json',
    payload: z.toJSONSchema(m.schema, { io: 'input', unrepresentable: 'any' }),
    ...(m.example === undefined ? {} : { examples: [{ name: `${name} example`, payload: m.example }] }),
  };
}

/** An operation on the live channel, over the session cookie, with these messages. */
function liveOperation(action: 'send' | 'receive', title: string, messages: object): Record<string, unknown> {
  return {
    action,
    title,
    channel: ref('#/channels/live'),
    security: [ref('#/components/securitySchemes/cookieAuth')],
    messages: Object.keys(messages).map((name) => ref(`#/channels/live/messages/${name}`)),
  };
}

/** The AsyncAPI 3.0 document of the live channel, generated from its zod schemas. */
export function buildAsyncApiDocument(version: string): Record<string, unknown> {
  return {
    asyncapi: '3.0.0',
    info: { title: 'Jejak live channel', version, description: INTRO },
    defaultContentType: 'application/json',
    channels: {
      live: {
        address: LIVE_PATH,
        title: 'Live updates',
        messages: Object.fromEntries(
          Object.keys(LIVE_MESSAGE_DOCS).map((name) => [name, ref(`#/components/messages/${name}`)]),
        ),
      },
    },
    operations: {
      subscribe: liveOperation('send', 'Subscribe to devices', SENT),
      receiveUpdates: liveOperation('receive', 'Receive updates', RECEIVED),
    },
    components: {
      securitySchemes: {
        cookieAuth: {
          type: 'httpApiKey',
          in: 'cookie',
          name: SESSION_COOKIE_NAME,
          description: 'The session cookie /api/auth/login sets.',
        },
      },
      messages: Object.fromEntries(Object.entries(LIVE_MESSAGE_DOCS).map(([name, m]) => [name, message(name, m)])),
    },
  };
}
