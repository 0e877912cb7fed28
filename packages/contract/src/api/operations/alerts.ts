import {
  AcknowledgeTicketsRequestSchema,
  AcknowledgeTicketsResponseSchema,
  AddRuleTemplateRequestSchema,
  EventsRequestSchema,
  EventsResponseSchema,
  GetRuleTemplatesRequestSchema,
  GetTicketsRequestSchema,
  RuleResponseSchema,
  RuleTemplateResponseSchema,
  RuleTemplatesResponseSchema,
  TicketsResponseSchema,
  UpdateRuleTemplateRequestSchema,
} from '../../alerts/alerts.ts';
import { EventExportRequestSchema } from '../../alerts/event-table.ts';
import { AddRuleRequestSchema, UpdateRuleRequestSchema } from '../../alerts/rule-form.ts';
import {
  ApplyRuleTemplateRequestSchema,
  ApplyRuleTemplateResponseSchema,
  RuleCoverageRequestSchema,
  RuleCoverageResponseSchema,
} from '../../alerts/rule-coverage.ts';
import { XLSX_CONTENT_TYPE } from '../../fleet/bulk.ts';
import { grant, post, postFile } from '../operation.ts';
import { API_PATHS } from '../routes.ts';

const manageAlerts = grant('manageAlerts');

/** Rules, rule templates, events and tickets (spec 1 §7, spec 2 §7); the services check the hierarchy. */
export const ALERT_OPERATIONS = {
  ruleTemplateGet: post(
    API_PATHS.ruleTemplateGet,
    manageAlerts,
    'Rule templates with their rules (DEFAULT with the built-in alarm rules)',
    GetRuleTemplatesRequestSchema,
    RuleTemplatesResponseSchema,
  ),
  ruleTemplateAdd: post(
    API_PATHS.ruleTemplateAdd,
    manageAlerts,
    'Add a rule template',
    AddRuleTemplateRequestSchema,
    RuleTemplateResponseSchema,
  ),
  ruleTemplateUpdate: post(
    API_PATHS.ruleTemplateUpdate,
    manageAlerts,
    'Rename a rule template',
    UpdateRuleTemplateRequestSchema,
    RuleTemplateResponseSchema,
  ),
  ruleTemplateCoverage: post(
    API_PATHS.ruleTemplateCoverage,
    manageAlerts,
    "Which of the owner's vehicles and groups each rule template watches",
    RuleCoverageRequestSchema,
    RuleCoverageResponseSchema,
  ),
  ruleTemplateApply: post(
    API_PATHS.ruleTemplateApply,
    manageAlerts,
    "Link a rule template to all of its owner's vehicles or to a group's, in one transaction",
    ApplyRuleTemplateRequestSchema,
    ApplyRuleTemplateResponseSchema,
  ),
  ruleAdd: post(API_PATHS.ruleAdd, manageAlerts, 'Add a rule to a template', AddRuleRequestSchema, RuleResponseSchema),
  ruleUpdate: post(
    API_PATHS.ruleUpdate,
    manageAlerts,
    'Edit a rule or move it to another template',
    UpdateRuleRequestSchema,
    RuleResponseSchema,
  ),
  events: post(
    API_PATHS.events,
    grant('readEvents'),
    'Events of these vehicles in a window, newest first',
    EventsRequestSchema,
    EventsResponseSchema,
  ),
  eventExport: postFile(
    API_PATHS.eventExport,
    grant('readEvents'),
    "Event Record's list as .xlsx (one vehicle, one type or ALL, times in the given zone)",
    EventExportRequestSchema,
    XLSX_CONTENT_TYPE,
  ),
  ticketGet: post(
    API_PATHS.ticketGet,
    grant('readTickets'),
    'Open SOS tickets of these vehicles, newest first',
    GetTicketsRequestSchema,
    TicketsResponseSchema,
  ),
  ticketAcknowledge: post(
    API_PATHS.ticketAcknowledge,
    grant('resolveTickets'),
    'Resolve open tickets with a remark',
    AcknowledgeTicketsRequestSchema,
    AcknowledgeTicketsResponseSchema,
  ),
};
