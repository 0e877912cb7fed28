import {
  ApplyRuleTemplateResponseSchema,
  RULE_COVERAGE_PATHS,
  RuleCoverageResponseSchema,
  type ApplyRuleTemplateResponse,
  type RuleCoverageResponse,
} from '@jejak/contract';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiPost } from '../client.ts';

/** Query keys of rule coverage; applying a template invalidates ['ruleCoverage']. */
export const ruleCoverageKeys = {
  all: ['ruleCoverage'] as const,
  ofUser: (uid: string) => ['ruleCoverage', uid] as const,
};

/** POST /rule/template/coverage/get {uid}: the vehicles and groups each template of `uid` watches (ADR 0074). */
export async function fetchRuleCoverage(uid: string): Promise<RuleCoverageResponse> {
  return apiPost(RULE_COVERAGE_PATHS.ruleTemplateCoverage, { uid }, RuleCoverageResponseSchema);
}

/** Read with the manageAlerts grant only (the server refuses others): `enabled` says the role has it. */
export function useRuleCoverage(uid: string, enabled: boolean): UseQueryResult<RuleCoverageResponse> {
  return useQuery({ queryKey: ruleCoverageKeys.ofUser(uid), queryFn: () => fetchRuleCoverage(uid), enabled });
}

/** POST /rule/template/apply {rtid, vgid}: links the template to all of its owner's vehicles (vgid null) or a group's. */
export async function applyRuleTemplate(rtid: string, vgid: string | null): Promise<ApplyRuleTemplateResponse> {
  return apiPost(RULE_COVERAGE_PATHS.ruleTemplateApply, { rtid, vgid }, ApplyRuleTemplateResponseSchema);
}
