import {
  ALERT_PATHS,
  RuleResponseSchema,
  RuleTemplateResponseSchema,
  RuleTemplatesResponseSchema,
  type AddRuleRequest,
  type Rule,
  type RuleTemplate,
  type UpdateRuleRequest,
} from '@jejak/contract';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiPost } from '../client.ts';

/** Query keys of rule templates; any change to a template or rule invalidates ['ruleTemplates']. */
export const ruleTemplateKeys = {
  all: ['ruleTemplates'] as const,
  ofUser: (uid: string) => ['ruleTemplates', uid] as const,
};

/** POST /rule/template/get {uid, rtids: []}: every template the user owns or was given, with its rules. */
export async function fetchRuleTemplates(uid: string): Promise<RuleTemplate[]> {
  return (await apiPost(ALERT_PATHS.ruleTemplateGet, { uid, rtids: [] }, RuleTemplatesResponseSchema)).ruleTemplates;
}

export function useRuleTemplates(uid: string): UseQueryResult<RuleTemplate[]> {
  return useQuery({ queryKey: ruleTemplateKeys.ofUser(uid), queryFn: () => fetchRuleTemplates(uid) });
}

export async function addRuleTemplate(createdBy: string, ruleTemplateName: string): Promise<RuleTemplate> {
  return (await apiPost(ALERT_PATHS.ruleTemplateAdd, { createdBy, ruleTemplateName }, RuleTemplateResponseSchema))
    .ruleTemplate;
}

export async function renameRuleTemplate(uid: string, rtid: string, templateName: string): Promise<RuleTemplate> {
  const body = { uid, ruleTemplate: { rtid, templateName } };
  return (await apiPost(ALERT_PATHS.ruleTemplateUpdate, body, RuleTemplateResponseSchema)).ruleTemplate;
}

export async function addRule(request: AddRuleRequest): Promise<Rule> {
  return (await apiPost(ALERT_PATHS.ruleAdd, request, RuleResponseSchema)).rule;
}

export async function updateRule(request: UpdateRuleRequest): Promise<Rule> {
  return (await apiPost(ALERT_PATHS.ruleUpdate, request, RuleResponseSchema)).rule;
}
