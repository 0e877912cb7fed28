import {
  AcknowledgeTicketsRequestSchema,
  AcknowledgeTicketsResponseSchema,
  AddRuleTemplateRequestSchema,
  ALERT_PATHS,
  EventsRequestSchema,
  EventsResponseSchema,
  GetRuleTemplatesRequestSchema,
  GetTicketsRequestSchema,
  RuleResponseSchema,
  RuleTemplateResponseSchema,
  RuleTemplatesResponseSchema,
  TicketsResponseSchema,
  UpdateRuleTemplateRequestSchema,
} from '../alerts/alerts.ts';
import { op, type Operation } from './openapi-accounts.ts';
import { AddRuleRequestSchema, UpdateRuleRequestSchema } from '../alerts/rule-form.ts';

/** The rule, event and ticket calls (spec 1 §7, spec 2 §7) in the OpenAPI document. */
export const ALERT_OPERATIONS: readonly Operation[] = [
  op(
    ALERT_PATHS.ruleTemplateGet,
    'Rule templates with their rules (DEFAULT with the built-in alarm rules)',
    GetRuleTemplatesRequestSchema,
    RuleTemplatesResponseSchema,
  ),
  op(ALERT_PATHS.ruleTemplateAdd, 'Add a rule template', AddRuleTemplateRequestSchema, RuleTemplateResponseSchema),
  op(
    ALERT_PATHS.ruleTemplateUpdate,
    'Rename a rule template',
    UpdateRuleTemplateRequestSchema,
    RuleTemplateResponseSchema,
  ),
  op(ALERT_PATHS.ruleAdd, 'Add a rule to a template', AddRuleRequestSchema, RuleResponseSchema),
  op(ALERT_PATHS.ruleUpdate, 'Edit a rule or move it to another template', UpdateRuleRequestSchema, RuleResponseSchema),
  op(
    ALERT_PATHS.events,
    'Events of these vehicles in a window, newest first',
    EventsRequestSchema,
    EventsResponseSchema,
  ),
  op(
    ALERT_PATHS.ticketGet,
    'Open SOS tickets of these vehicles, newest first',
    GetTicketsRequestSchema,
    TicketsResponseSchema,
  ),
  op(
    ALERT_PATHS.ticketAcknowledge,
    'Resolve open tickets with a remark',
    AcknowledgeTicketsRequestSchema,
    AcknowledgeTicketsResponseSchema,
  ),
];
