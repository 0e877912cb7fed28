import type { FastifyInstance } from 'fastify';
import {
  AcknowledgeTicketsRequestSchema,
  AddRuleRequestSchema,
  AddRuleTemplateRequestSchema,
  ALERT_PATHS,
  ALERT_TEXTS,
  EventExportRequestSchema,
  EventsRequestSchema,
  GetRuleTemplatesRequestSchema,
  GetTicketsRequestSchema,
  UpdateRuleRequestSchema,
  UpdateRuleTemplateRequestSchema,
  XLSX_CONTENT_TYPE,
  type AcknowledgeTicketsResponse,
  type EventsResponse,
  type RuleResponse,
  type RuleTemplateResponse,
  type RuleTemplatesResponse,
  type TicketsResponse,
} from '@jejak/contract';
import { eventFileName, eventStream } from '../../reports/event-xlsx.ts';
import type { AuthService } from '../../services/accounts/auth-service.ts';
import type { EventService } from '../../services/alerts/event-service.ts';
import type { RuleService } from '../../services/alerts/rule-service.ts';
import type { TicketService } from '../../services/alerts/ticket-service.ts';
import { requireUser } from '../session.ts';
import { requireActor } from './route-kit.ts';

export interface AlertServices {
  rules: RuleService;
  events: EventService;
  tickets: TicketService;
}

/** Rules, rule templates, events and tickets (spec 1 §7, spec 2 §7); the services check grant and reach. */
export function registerAlertRoutes(app: FastifyInstance, auth: AuthService, s: AlertServices): void {
  app.post(ALERT_PATHS.ruleTemplateGet, async (request): Promise<RuleTemplatesResponse> => {
    const caller = await requireUser(auth, request);
    const { rtids, uid } = GetRuleTemplatesRequestSchema.parse(request.body);
    return { status: 200, ruleTemplates: await s.rules.templates(caller, rtids, uid) };
  });

  app.post(ALERT_PATHS.ruleTemplateAdd, async (request): Promise<RuleTemplateResponse> => {
    const actor = await requireActor(auth, request);
    const body = AddRuleTemplateRequestSchema.parse(request.body);
    const ruleTemplate = await s.rules.addTemplate(actor, body.createdBy, body.ruleTemplateName);
    return { status: 200, ruleTemplate, message: ALERT_TEXTS.ruleTemplateAdded };
  });

  app.post(ALERT_PATHS.ruleTemplateUpdate, async (request): Promise<RuleTemplateResponse> => {
    const actor = await requireActor(auth, request);
    const { uid, ruleTemplate: t } = UpdateRuleTemplateRequestSchema.parse(request.body);
    const ruleTemplate = await s.rules.renameTemplate(actor, uid, t.rtid, t.templateName);
    return { status: 200, ruleTemplate, message: ALERT_TEXTS.ruleTemplateEdited };
  });

  app.post(ALERT_PATHS.ruleAdd, async (request): Promise<RuleResponse> => {
    const actor = await requireActor(auth, request);
    const rule = await s.rules.addRule(actor, AddRuleRequestSchema.parse(request.body));
    return { status: 200, rule, message: ALERT_TEXTS.ruleAdded };
  });

  app.post(ALERT_PATHS.ruleUpdate, async (request): Promise<RuleResponse> => {
    const actor = await requireActor(auth, request);
    const rule = await s.rules.updateRule(actor, UpdateRuleRequestSchema.parse(request.body));
    return { status: 200, rule, message: ALERT_TEXTS.ruleEdited };
  });

  app.post(ALERT_PATHS.events, async (request): Promise<EventsResponse> => {
    const caller = await requireUser(auth, request);
    return { status: 200, ...(await s.events.inWindow(caller, EventsRequestSchema.parse(request.body))) };
  });

  // Event Record's list as .xlsx: the same events and words as the screen, of the filter it shows.
  app.post(ALERT_PATHS.eventExport, async (request, reply) => {
    const caller = await requireUser(auth, request);
    const req = EventExportRequestSchema.parse(request.body);
    const { events, vehicle } = await s.events.forExport(caller, req);
    return reply
      .type(XLSX_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${eventFileName(vehicle, req.startTime, req.timeZone)}"`)
      .send(eventStream(events, vehicle, req.timeZone));
  });

  app.post(ALERT_PATHS.ticketGet, async (request): Promise<TicketsResponse> => {
    const caller = await requireUser(auth, request);
    const { vids } = GetTicketsRequestSchema.parse(request.body);
    return { status: 200, ticketList: await s.tickets.open(caller, vids) };
  });

  app.post(ALERT_PATHS.ticketAcknowledge, async (request): Promise<AcknowledgeTicketsResponse> => {
    const actor = await requireActor(auth, request);
    const body = AcknowledgeTicketsRequestSchema.parse(request.body);
    return { status: 200, ticketIds: await s.tickets.resolve(actor, body) };
  });
}
