import type { Operation } from './operation.ts';
import type { OperationName } from './operation-table.ts';
import { ACCOUNT_OPERATIONS } from './operations/accounts.ts';
import { API_TOKEN_OPERATIONS } from './operations/api-tokens.ts';
import { ADMINISTRATION_OPERATIONS } from './operations/administration.ts';
import { ALERT_OPERATIONS } from './operations/alerts.ts';
import { FLEET_OPERATIONS } from './operations/fleet.ts';
import { GEOFENCE_OPERATIONS } from './operations/geofences.ts';
import { NOTIFICATION_OPERATIONS, WEBHOOK_OPERATIONS } from './operations/notifications.ts';
import { COMMAND_OPERATIONS } from './operations/commands.ts';
import { MAINTENANCE_OPERATIONS } from './operations/maintenance.ts';
import { PLATFORM_OPERATIONS } from './operations/platform.ts';
import { RECORD_OPERATIONS } from './operations/records.ts';
import { REPORT_OPERATIONS } from './operations/reports.ts';
import { SHARE_OPERATIONS } from './operations/share-links.ts';

/** One group of the API docs: an operations file of the route table (ADR 0065). */
export interface OperationTag {
  name: string;
  description: string;
  operations: Readonly<Record<string, Operation>>;
}

/** The docs' groups, in the order they are shown: every operation is in exactly one. */
export const OPERATION_TAGS: readonly OperationTag[] = [
  {
    name: 'Accounts',
    description:
      'Sign-in and sign-out, the session, users of your hierarchy (add, edit, configure, search), ' +
      'what groups and templates each user has, and passwords.',
    operations: ACCOUNT_OPERATIONS,
  },
  {
    name: 'API tokens',
    description:
      'Your own API tokens (Profile → API tokens): create a read-only or full-access token shown once, ' +
      'list them with their last use, revoke one. A token cannot manage tokens or change a password.',
    operations: API_TOKEN_OPERATIONS,
  },
  {
    name: 'Fleet',
    description:
      'Trackers (devices), vehicles and vehicle groups: register a tracker, add a vehicle for it, ' +
      'group vehicles; the .xlsx templates of the bulk uploads.',
    operations: FLEET_OPERATIONS,
  },
  {
    name: 'Geofences',
    description: 'Points of interest and zones, and the geofence templates that link them to vehicles.',
    operations: GEOFENCE_OPERATIONS,
  },
  {
    name: 'Records',
    description:
      "One vehicle's or device's history: transit records, trips, route playback and its file export, " +
      'device and vehicle logs.',
    operations: RECORD_OPERATIONS,
  },
  {
    name: 'Reports',
    description:
      'Vehicle reports over a window of at most 31 days (mileage, daily mileage, transit, trip, fuel, ' +
      'overspeed, geofence, disconnect, event, detail) and their .xlsx exports.',
    operations: REPORT_OPERATIONS,
  },
  {
    name: 'Alerts',
    description: 'Rule templates and rules, the events they raise, and SOS tickets.',
    operations: ALERT_OPERATIONS,
  },
  {
    name: 'Notifications',
    description:
      'Who is told of which events and how (in-app, e-mail, SMS, calls), the delivery log, and the ' +
      'escalation call chains of SOS Alerts.',
    operations: NOTIFICATION_OPERATIONS,
  },
  {
    name: 'Webhooks',
    description:
      'HTTPS endpoints told of the events of the vehicles their owner reaches: signed JSON (HMAC-SHA256), ' +
      'retried with backoff, in order per vehicle, paused after failures in a row.',
    operations: WEBHOOK_OPERATIONS,
  },
  {
    name: 'Commands',
    description:
      "Commands to a vehicle's tracker (engine stop and resume, reporting interval, reboot, position " +
      'request, custom text): queued while it is offline, sent over its connection, matched to its answer.',
    operations: COMMAND_OPERATIONS,
  },
  {
    name: 'Maintenance',
    description:
      "Service reminders from the vehicles' service fields: due by odometer, engine hours or date, due soon " +
      'a set margin ahead, marked done to roll the next due forward.',
    operations: MAINTENANCE_OPERATIONS,
  },
  {
    name: 'Share links',
    description:
      "Time-limited, revocable public links to one vehicle's live position (for a customer awaiting a " +
      'delivery): the link is shown once at creation; the public read needs no session and shows nothing else.',
    operations: SHARE_OPERATIONS,
  },
  {
    name: 'Administration',
    description: 'Vehicle subscription packages, the V1 → V2 migration and the audit log.',
    operations: ADMINISTRATION_OPERATIONS,
  },
  {
    name: 'Platform',
    description: "The server's version, the basemap the console draws, addresses of points and place search.",
    operations: PLATFORM_OPERATIONS,
  },
];

const WINDOW =
  'Times are epoch milliseconds (UTC); startTime must be before endTime, and the window is at most 31 days.';
const XLSX_ROWS = 'The answer is the .xlsx file itself; the `x-report-rows` header gives its row count.';

/** Longer texts than the summaries, where a caller needs more than one line to use the call. */
export const OPERATION_DESCRIPTIONS: { [N in OperationName]?: string } = {
  shareAdd:
    'Answers the link once (`url`, the console page `/s/{token}`): only a hash of its token is kept. ' +
    'The vehicle must be in your reach; at most 20 links may be active at once. `expiresInHours` 1 to 168, 24 by default.',
  shareView:
    "The shared vehicle's plate, name, last position and status, and the link's expiry; nothing else. An unknown, " +
    'expired or revoked token is the same 404. Limited per address.',
  login:
    'Answers the signed-in user and sets the httpOnly session cookie `jejak_sid`, which every ' +
    'other call (and the live channel) then carries. A malformed e-mail is a 400 `InvalidEmail`, a ' +
    'wrong password a 401 `WrongPassword`, an unknown e-mail a 404 `UserNotFound`, a disabled user a 403 `UserDisabled`. Attempts are limited ' +
    'per e-mail and address: past the limit the answer is 429 with a `Retry-After` header.',
  session:
    'The user of the session cookie or token, and the server time zone the console shows times in. ' +
    'A 401 means the session ended: sign in again.',
  logout: "Ends the cookie's session: its live sockets are closed with code 1000 (do not reconnect).",
  userGetInfo:
    'The stage records of a user: a user with only a V1 stage is refused every V2 call with 403 `StageV1Only`.',
  userGetHierarchy:
    'The user, its direct children and every vehicle and device of its subtree with their last ' +
    'position and status: what the console loads first. Use the vehicles’ `dvid` as `dev#{dvid}` ' +
    'to subscribe to their live updates.',
  vehicleGet: 'Every vehicle the user reaches, with its tracker, groups, templates and service dates.',
  vehicleAdd:
    'The tracker (`dvid`, `{model}#{imei}`) must be registered and not on another vehicle; the owner ' +
    '(`user`) must be in your subtree. Plates are free text as written on the vehicle (e.g. "WVC 3308").',
  deviceAdd:
    'Registers a tracker for a distributor. Until it is registered, the gateway refuses its ' +
    'connections and lists it under /device/unknown/get.',
  events: `Newest first, at most 20,000 (\`truncated\` says there were more). ${WINDOW}`,
  transitRecords: `Each record is one spell of MOVING, IDLING, PARKING or DISCONNECTED. ${WINDOW}`,
  tripRecords: `A trip runs from leaving a parking to the next parking; short idles do not split it. ${WINDOW}`,
  routePlayback: `The track is columns of equal length: time, lat, lon, speed (km/h), heading and status. ${WINDOW}`,
  reportMileage: `Distances in km, durations in ms. ${WINDOW}`,
  reportExport: XLSX_ROWS,
  reportDetailExport: XLSX_ROWS,
  ticketGet: 'With an empty `vids`, the open tickets of every vehicle you reach.',
  geocode:
    'From the offline gazetteer ("near <place>, <state>") or, when the server has one, a street ' +
    'geocoder; inside a geofence its name stands in for the address.',
  version: 'Needs no session: a client can check which server it talks to before signing in.',
  recipientConfirm: 'Needs no session: the token is the proof. Each token works once.',
};
