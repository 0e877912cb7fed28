import { z } from 'zod';
import { ALARMS, DEVICE_MESSAGES, EVENT_TYPES, RULE_TYPES, type EventType, type RuleType } from '@jejak/domain';
import { ID, RequiredId, requiredName, text } from '../core/fields.ts';

/*
 * Rules, rule templates, events and SOS tickets (issue 12; spec 1 §2 Event Record and SOS
 * tickets, spec 2 §2–§9 Rules). Texts marked "spec" are the spec's to the letter.
 */

// ---------------------------------------------------------------- constants

/** Rule types (spec 2 §9): the domain's, so the pipeline's rules can name them. */
export { RULE_TYPES, type RuleType };
export const DEFAULT_RULE_TYPE: RuleType = 'info';

/** Event types (spec 1 §3): the domain's, so the pipeline's rows can name them. */
export { EVENT_TYPES, type EventType };
export const EVENT_TYPE_OF_RULE_TYPE: Readonly<Record<RuleType, EventType>> = {
  info: 'INFO',
  warning: 'WARNING',
  critical: 'CRITICAL',
  control: 'CONTROL',
};
/** Severity numbers (spec 1 §3). */
export const EVENT_SEVERITY = { INFO: 0, WARNING: 1, CRITICAL: 2 } as const;
/** Event type colours (spec 1 §9). */
export const EVENT_TYPE_COLOURS: Readonly<Record<EventType, string>> = {
  INFO: '52C41A',
  WARNING: 'FFB517',
  CRITICAL: '0488DB',
  CONTROL: '856B37',
};
/** eventResult: 1 the rule started to be violated (or a momentary alarm), 0 it is complied again. */
export const EVENT_RESULT = { start: 1, end: 0 } as const;
/** The event name whose speed Event Record shows (spec 1 §2). */
export const OVERSPEED_EVENT_NAME = 'OVERSPEED';

/** The built-in rule template and geofence template names (spec 2 §3). */
export const DEFAULT_RULE_TEMPLATE = 'DEFAULT';

/** Days of the activeDay condition, Sunday (0) to Saturday (6) (spec 2 §5). */
export const WEEK_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/**
 * The ten condition parameters of spec 2 §9 with their operators and the kind of value.
 * - number: speed and accelerate in km/h; parkingTime and idlingTime in ms (entered in minutes).
 * - geoid: a geofence id. - days: a list of day numbers 0–6. - hhmm: '0000'–'2359'.
 * - message: a device message (DEVICE_MESSAGES; 'help me' is SOS). - flag: 0 or 1.
 */
export const RULE_PARAMETERS = {
  speed: { operators: ['more', 'less'], value: 'number', unit: 'km/h' },
  geofence: { operators: ['inside', 'outside'], value: 'geoid', unit: null },
  parkingTime: { operators: ['more', 'less'], value: 'number', unit: 'ms' },
  idlingTime: { operators: ['more', 'less'], value: 'number', unit: 'ms' },
  activeDay: { operators: ['include', 'exclude'], value: 'days', unit: null },
  activeTime: { operators: ['before', 'after'], value: 'hhmm', unit: null },
  deviceMessage: { operators: ['is', 'isNot'], value: 'message', unit: null },
  cellularStatus: { operators: ['is', 'isNot'], value: 'flag', unit: null },
  engineStatus: { operators: ['is', 'isNot'], value: 'flag', unit: null },
  gpsStatus: { operators: ['is', 'isNot'], value: 'flag', unit: null },
  accelerate: { operators: ['more', 'less'], value: 'number', unit: 'km/h' },
} as const;
export type RuleParameter = keyof typeof RULE_PARAMETERS;
export const RULE_PARAMETER_NAMES = Object.keys(RULE_PARAMETERS) as RuleParameter[];
export const RULE_OPERATORS = [
  'more',
  'less',
  'inside',
  'outside',
  'include',
  'exclude',
  'before',
  'after',
  'is',
  'isNot',
] as const;
export type RuleOperator = (typeof RULE_OPERATORS)[number];
export const RULE_OPERATOR_LABELS: Readonly<Record<RuleOperator, string>> = {
  more: 'More Than',
  less: 'Less Than',
  inside: 'Inside',
  outside: 'Outside',
  include: 'Include',
  exclude: 'Exclude',
  before: 'Before',
  after: 'After',
  is: 'Is',
  isNot: 'Is Not',
};
/** Device messages a deviceMessage condition may name: one per alarm of the vocabulary. */
export const DEVICE_MESSAGE_VALUES = ALARMS.map((a) => DEVICE_MESSAGES[a]);
/** One minute in ms (spec 2 §9). */
export const MINUTE_MS = 60_000;

/**
 * The built-in rules every DEFAULT template holds: one per tracker alarm, a single
 * deviceMessage condition, read-only. Their ruid is `builtin.{alarm}` in every DEFAULT template.
 */
export const BUILT_IN_RULE_PREFIX = 'builtin.';
export const BUILT_IN_RULES: readonly {
  alarm: (typeof ALARMS)[number];
  ruleName: string;
  ruleType: RuleType;
}[] = [
  { alarm: 'sos', ruleName: 'SOS', ruleType: 'critical' },
  { alarm: 'powerCut', ruleName: 'POWER CUT', ruleType: 'critical' },
  { alarm: 'removing', ruleName: 'DEVICE REMOVED', ruleType: 'warning' },
  { alarm: 'tampering', ruleName: 'TAMPERING', ruleType: 'warning' },
  { alarm: 'vibration', ruleName: 'VIBRATION', ruleType: 'info' },
  { alarm: 'overspeed', ruleName: OVERSPEED_EVENT_NAME, ruleType: 'warning' },
  { alarm: 'lowBattery', ruleName: 'LOW BATTERY', ruleType: 'warning' },
  { alarm: 'geofence', ruleName: 'GEOFENCE ALARM', ruleType: 'info' },
  { alarm: 'hardAcceleration', ruleName: 'HARSH ACCELERATION', ruleType: 'warning' },
  { alarm: 'hardBraking', ruleName: 'HARSH BRAKING', ruleType: 'warning' },
  { alarm: 'hardCornering', ruleName: 'HARSH CORNERING', ruleType: 'warning' },
  { alarm: 'accident', ruleName: 'ACCIDENT', ruleType: 'critical' },
  { alarm: 'jamming', ruleName: 'GSM JAMMING', ruleType: 'critical' },
  { alarm: 'towing', ruleName: 'TOWING', ruleType: 'critical' },
];

export const ALERT_TEXTS = {
  // spec 2 §5 rule form, in the order they are checked
  ruleUserMissing: 'Current User ID Not Found',
  ruleNameEmpty: "Please Enter The Rule's Name",
  ruleTypeEmpty: "Please Select The Rule's Type",
  ruleTemplateEmpty: 'Please Select A Rule Template',
  ruleNoCondition: 'Please Have At Least 1 Condition',
  /** {n} is the number of incomplete conditions. */
  ruleConditionsIncomplete: '{n} Condition(s) Are/Is Not Complete',
  // spec 2 §5 defaults of the complied and violated names; {name} is the rule's name
  ruleCompliedDefault: 'Rule "{name}" Complied',
  ruleViolatedDefault: 'Rule "{name}" Violated',
  // spec 2 §2 Rules tab
  noCustomTemplate: 'No custom rule template found. Add a new rule template first',
  // spec 2 §8
  ruleTemplateUpdateError: 'Error at updating rule template',
  // server's own
  ruleTemplateNameEmpty: 'Please Enter The Rule Template Name',
  ruleTemplateNameTaken: 'A rule template with this name already exists',
  ruleTemplateNotFound: 'Rule template does not exist',
  ruleNotFound: 'Rule does not exist',
  builtInRuleReadOnly: 'Built-in rules cannot be changed',
  defaultTemplateReadOnly: 'The DEFAULT rule template cannot be renamed',
  defaultNotSelectable: 'Rules cannot be added to the DEFAULT rule template',
  ruleTemplateAdded: 'Successfully Added New Rule Template',
  ruleTemplateEdited: 'Successfully Edited Rule Template',
  ruleAdded: 'Successfully Added New Rule',
  ruleEdited: 'Successfully Edited Rule',
  // spec 1 §2 Event Record
  eventNoLocation: 'No location was found for this event',
  mapEventNoLocation: 'No location found for this event',
  loadingEvents: "Please wait while we're pulling some data...",
  loadingData: 'Loading Data...',
  emptyTitle: 'No data',
  emptyText: 'Looks like we have nothing to show you here!',
  // spec 1 §8 events
  eventsError: 'Error getting events',
  todayEventsError: "Error getting today's events",
  /** {n} logs. */
  eventsRetrieved: 'Retrieved {n} log(s)',
  noEvents: 'No event logs found!',
  // spec 1 §2 SOS tickets and §8
  ticketsTotal: 'Total No. Of Tickets',
  ticketsRefresh: 'Refresh',
  ticketsBulkResolve: 'Bulk Mark Resolved',
  ticketResolve: 'Mark Resolved',
  ticketContactSupport: 'Contact Support',
  ticketViewOnMap: 'View On Map',
  ticketNoLocation: 'N\\A',
  /** {n} tickets. */
  ticketResolveConfirm: 'Resolve {n} Ticket(s)?',
  ticketsGetError: 'Unable to get tickets',
  ticketsResolveError: 'Unable to resolve tickets',
  // server's own
  ticketNotFound: 'Ticket does not exist or is already resolved',
} as const;

// ---------------------------------------------------------------- rules

/** One condition; the value's kind follows the parameter (RULE_PARAMETERS). */
export const ConditionSchema = z.object({
  parameter: z.enum(RULE_PARAMETER_NAMES as [RuleParameter, ...RuleParameter[]]),
  operator: z.enum(RULE_OPERATORS),
  value: z.union([
    z.number().finite().min(0).max(1e9),
    text().trim().min(1).max(64),
    z.array(z.number().int().min(0).max(6)).min(1).max(7),
  ]),
});
export type Condition = z.infer<typeof ConditionSchema>;

export const RuleSchema = z.object({
  ruid: z.string(),
  rtid: z.string(),
  ruleName: z.string(),
  ruleType: z.enum(RULE_TYPES),
  ruleCompliedName: z.string(),
  ruleViolatedName: z.string(),
  conditions: z.array(ConditionSchema),
  /** True for the read-only rules of DEFAULT (BUILT_IN_RULES). */
  builtIn: z.boolean(),
  triggerType: z.string().nullable(),
  templateType: z.string().nullable(),
  createdAt: z.number(),
  createdBy: z.string(),
  updatedAt: z.number(),
});
export type Rule = z.infer<typeof RuleSchema>;

export const RuleTemplateSchema = z.object({
  rtid: z.string(),
  uid: z.string(),
  templateName: z.string(),
  rules: z.array(RuleSchema),
  createdAt: z.number(),
  /** uid of who last changed it. */
  updatedBy: z.string(),
});
export type RuleTemplate = z.infer<typeof RuleTemplateSchema>;

/**
 * POST /rule/template/get {rtids, uid}: these templates with their rules; with no rtids, every
 * template `uid` owns or was given (uid defaults to the caller).
 */
export const GetRuleTemplatesRequestSchema = z.object({ rtids: z.array(ID).max(1000).default([]), uid: ID.optional() });
export const RuleTemplatesResponseSchema = z.object({
  status: z.literal(200),
  ruleTemplates: z.array(RuleTemplateSchema),
});
export type RuleTemplatesResponse = z.infer<typeof RuleTemplatesResponseSchema>;

/** POST /rule/template/add {createdBy, ruleTemplateName}. */
export const AddRuleTemplateRequestSchema = z.object({
  createdBy: RequiredId,
  ruleTemplateName: requiredName(120, ALERT_TEXTS.ruleTemplateNameEmpty),
});
/** POST /rule/template/update {uid, ruleTemplate}: renames a template. */
export const UpdateRuleTemplateRequestSchema = z.object({
  uid: RequiredId,
  ruleTemplate: z.object({ rtid: RequiredId, templateName: requiredName(120, ALERT_TEXTS.ruleTemplateNameEmpty) }),
});
export const RuleTemplateResponseSchema = z.object({
  status: z.literal(200),
  ruleTemplate: RuleTemplateSchema,
  message: z.string(),
});
export type RuleTemplateResponse = z.infer<typeof RuleTemplateResponseSchema>;

/* The rule requests (/rule/add, /rule/update) and the form's ordered checks are in alerts/rule-form.ts. */
export const RuleResponseSchema = z.object({ status: z.literal(200), rule: RuleSchema, message: z.string() });
export type RuleResponse = z.infer<typeof RuleResponseSchema>;

/** The complied and violated names a rule gets when the form leaves them empty (spec 2 §5). */
export function defaultRuleNames(ruleName: string): { complied: string; violated: string } {
  return {
    complied: ALERT_TEXTS.ruleCompliedDefault.replace('{name}', ruleName),
    violated: ALERT_TEXTS.ruleViolatedDefault.replace('{name}', ruleName),
  };
}

// ---------------------------------------------------------------- events

const GeoPointSchema = z.object({ lat: z.number(), lon: z.number() });

/** A stored event (spec 1 §3). createdAt: when the server stored it; eventCreatedAt: the device time of the fix that raised it. */
export const EventSchema = z.object({
  evid: z.string(),
  vid: z.string(),
  dvid: z.string(),
  eventName: z.string(),
  eventType: z.enum(EVENT_TYPES),
  location: GeoPointSchema.nullable(),
  createdAt: z.number(),
  eventCreatedAt: z.number(),
  address: z.string().nullable(),
  /** km/h at the fix, when known. */
  speed: z.number().nullable(),
  eventResult: z.union([z.literal(0), z.literal(1)]),
  ruid: z.string().nullable(),
  rtid: z.string().nullable(),
  /** The geofence a geofence condition or alarm concerns. */
  geoid: z.string().nullable(),
  /** The tracker alarm it came from, if any. */
  alarm: z.enum(ALARMS).nullable(),
});
export type AlertEvent = z.infer<typeof EventSchema>;

export const MAX_EVENT_SPAN_MS = 31 * 86_400_000;
/** POST /event/getvidtimeframe {vids, startTime, endTime}: events of these vehicles, newest first. */
export const EventsRequestSchema = z
  .object({
    vids: z.array(ID).min(1).max(5000),
    startTime: z.number().int().nonnegative(),
    endTime: z.number().int().nonnegative(),
  })
  .refine((r) => r.startTime < r.endTime, { message: 'startTime must be before endTime', path: ['endTime'] })
  .refine((r) => r.endTime - r.startTime <= MAX_EVENT_SPAN_MS, {
    message: 'the window is at most 31 days',
    path: ['endTime'],
  });
export const EventsResponseSchema = z.object({
  status: z.literal(200),
  eventLogs: z.array(EventSchema),
  /** More than EVENT_PAGE_LIMIT events in the window: the newest are returned. */
  truncated: z.boolean(),
});
export type EventsResponse = z.infer<typeof EventsResponseSchema>;
export const EVENT_PAGE_LIMIT = 20_000;

// ---------------------------------------------------------------- tickets

/** How a ticket's escalation calls stand (SOS Alerts' chains of its alarms, newest chain first). */
export const TicketEscalationSchema = z.object({
  /** The newest chain: its id, status code (spec 3 §4) and start. */
  ecid: z.string(),
  status: z.number().int(),
  createdAt: z.number(),
  isAcknowledged: z.boolean(),
  /** How many chains the ticket's alarms started, and calls they made. */
  chains: z.number().int(),
  calls: z.number().int(),
  /** The newest call of the newest chain. */
  lastCall: z.object({ contactName: z.string(), status: z.number().int(), createdAt: z.number() }).nullable(),
});
export type TicketEscalation = z.infer<typeof TicketEscalationSchema>;

/** An open SOS ticket (spec 1 §3): SOS and CRITICAL events open one. */
export const TicketSchema = z.object({
  ticketId: z.string(),
  vid: z.string(),
  evid: z.string(),
  event: z.object({
    eventName: z.string(),
    eventType: z.enum(EVENT_TYPES),
    location: GeoPointSchema.nullable(),
    eventCreatedAt: z.number(),
  }),
  createdAt: z.number(),
  /** Repeated alarms of one kind from the vehicle merge into its open ticket (ADR 0073): how many. */
  alarmCount: z.number().int().min(1),
  /** Device time of the newest alarm merged in (eventCreatedAt of the first while it is alone). */
  latestAt: z.number(),
  /** The event was the tracker's SOS alarm: the console's distress banner shows it. */
  sos: z.boolean(),
  /** The ticket's call chains on SOS Alerts, for callers who may read them; null when none. */
  escalation: TicketEscalationSchema.nullable(),
});
export type Ticket = z.infer<typeof TicketSchema>;

/** POST /ticket/get {vids}: the open tickets of these vehicles (all the caller reaches when empty), newest first. */
export const GetTicketsRequestSchema = z.object({ vids: z.array(ID).max(50_000).default([]) });
export const TicketsResponseSchema = z.object({ status: z.literal(200), ticketList: z.array(TicketSchema) });
export type TicketsResponse = z.infer<typeof TicketsResponseSchema>;

/** POST /ticket/acknowledge {ticketStates, remark, uid}: resolves tickets. */
export const AcknowledgeTicketsRequestSchema = z.object({
  ticketStates: z
    .array(z.object({ ticketId: RequiredId, vid: ID, evid: ID.optional() }))
    .min(1)
    .max(1000),
  remark: text().trim().max(1000).default(''),
  uid: RequiredId,
});
export const AcknowledgeTicketsResponseSchema = z.object({ status: z.literal(200), ticketIds: z.array(z.string()) });
export type AcknowledgeTicketsRequest = z.infer<typeof AcknowledgeTicketsRequestSchema>;
export type AcknowledgeTicketsResponse = z.infer<typeof AcknowledgeTicketsResponseSchema>;

/** The remark Mark Resolved starts with (spec 1 §2); {time} local time, {name} the user's name. */
export const TICKET_REMARK_TEMPLATE = 'Ticket(s) acknowledged at {time} by {name}';
/** The support chat (spec 1 §2 "a fixed support contact number is a constant of the app"). */
export const SUPPORT_CONTACT_NUMBER = '+60123456789';
export const SUPPORT_CHAT_URL = 'https://wa.me/{number}?text={text}';

export const ALERT_PATHS = {
  ruleTemplateGet: '/rule/template/get',
  ruleTemplateAdd: '/rule/template/add',
  ruleTemplateUpdate: '/rule/template/update',
  ruleAdd: '/rule/add',
  ruleUpdate: '/rule/update',
  events: '/event/getvidtimeframe',
  eventExport: '/event/export',
  ticketGet: '/ticket/get',
  ticketAcknowledge: '/ticket/acknowledge',
} as const;
