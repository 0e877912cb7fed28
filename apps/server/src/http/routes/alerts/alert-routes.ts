import { ALERT_TEXTS, OPERATIONS, RULE_COVERAGE_TEXTS, XLSX_CONTENT_TYPE } from '@jejak/contract';
import { eventFileName, eventStream } from '../../../reports/event-xlsx.ts';
import type { EventService } from '../../../services/alerts/event-service.ts';
import type { RuleCoverageService } from '../../../services/alerts/rule-coverage-service.ts';
import type { RuleService } from '../../../services/alerts/rule-service.ts';
import type { TicketService } from '../../../services/alerts/ticket-service.ts';
import type { Route } from '../../route-table.ts';

export interface AlertServices {
  rules: RuleService;
  coverage: RuleCoverageService;
  events: EventService;
  tickets: TicketService;
}

/** Rules, rule templates, events and tickets (spec 1 §7, spec 2 §7); the services check reach. */
export function registerAlertRoutes(route: Route, s: AlertServices, timeZone: string): void {
  route(OPERATIONS.ruleTemplateGet, async ({ user, body: { rtids, uid } }) => ({
    status: 200,
    ruleTemplates: await s.rules.templates(user, rtids, uid),
  }));

  route(OPERATIONS.ruleTemplateAdd, async ({ actor, body }) => {
    const ruleTemplate = await s.rules.addTemplate(actor, body.createdBy, body.ruleTemplateName);
    return { status: 200, ruleTemplate, message: ALERT_TEXTS.ruleTemplateAdded };
  });

  route(OPERATIONS.ruleTemplateUpdate, async ({ actor, body: { uid, ruleTemplate: t } }) => {
    const ruleTemplate = await s.rules.renameTemplate(actor, uid, t.rtid, t.templateName);
    return { status: 200, ruleTemplate, message: ALERT_TEXTS.ruleTemplateEdited };
  });

  route(OPERATIONS.ruleTemplateCoverage, async ({ user, body }) => ({
    status: 200,
    ...(await s.coverage.coverage(user, body.uid)),
  }));

  route(OPERATIONS.ruleTemplateApply, async ({ actor, body }) => ({
    status: 200,
    message: RULE_COVERAGE_TEXTS.applied,
    ...(await s.coverage.apply(actor, body)),
  }));

  route(OPERATIONS.ruleAdd, async ({ actor, body }) => {
    const rule = await s.rules.addRule(actor, body);
    return { status: 200, rule, message: ALERT_TEXTS.ruleAdded };
  });

  route(OPERATIONS.ruleUpdate, async ({ actor, body }) => {
    const rule = await s.rules.updateRule(actor, body);
    return { status: 200, rule, message: ALERT_TEXTS.ruleEdited };
  });

  route(OPERATIONS.events, async ({ user, body }) => ({ status: 200, ...(await s.events.inWindow(user, body)) }));

  // Event Record's list as .xlsx: the same events and words as the screen, of the filter it shows.
  route(OPERATIONS.eventExport, async ({ user, body, reply }) => {
    // Left out of the request, the server's zone (JEJAK_TIME_ZONE) writes the file's times.
    const req = { ...body, timeZone: body.timeZone ?? timeZone };
    const { events, vehicle } = await s.events.forExport(user, req);
    return reply
      .type(XLSX_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${eventFileName(vehicle, req.startTime, req.timeZone)}"`)
      .send(eventStream(events, vehicle, req.timeZone));
  });

  route(OPERATIONS.ticketGet, async ({ user, body }) => ({
    status: 200,
    ticketList: await s.tickets.open(user, body.vids),
  }));

  route(OPERATIONS.ticketAcknowledge, async ({ actor, body }) => ({
    status: 200,
    ticketIds: await s.tickets.resolve(actor, body),
  }));
}
