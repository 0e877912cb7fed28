import type { CoveredGroup, CoveredVehicle, RuleCoverageResponse } from '@jejak/contract';

/** What one template watches, as the Rule tab shows it (ADR 0074). */
export interface TemplateCoverage {
  /** Sorted by display name. */
  vehicles: CoveredVehicle[];
  /** Groups whose every vehicle it watches, sorted by name. */
  groups: CoveredGroup[];
  /** The owner's vehicles: "watches 3 of 5". */
  total: number;
  /** Watches no vehicle: its rules never fire. */
  none: boolean;
}

const byName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });

/** The coverage of `rtid` in a coverage answer; null while it loads. A template missing from it watches nothing. */
export function templateCoverage(response: RuleCoverageResponse | undefined, rtid: string): TemplateCoverage | null {
  if (!response) return null;
  const found = response.coverage.find((c) => c.rtid === rtid);
  const vehicles = [...(found?.vehicles ?? [])].sort((a, b) => byName(a.vehicleDisplayName, b.vehicleDisplayName));
  const groups = [...(found?.groups ?? [])].sort((a, b) => byName(a.groupName, b.groupName));
  return { vehicles, groups, total: response.vehicleCount, none: vehicles.length === 0 };
}

export type ApplyScope = 'all' | 'group';

/** The groups a template can be applied to: those with vehicles, by name ('ALL' is "all vehicles"). */
export function applicableGroups(response: RuleCoverageResponse | undefined): RuleCoverageResponse['groups'] {
  return (response?.groups ?? [])
    .filter((g) => g.vehicleCount > 0 && g.groupName !== 'ALL')
    .sort((a, b) => byName(a.groupName, b.groupName));
}

/** The vgid of /rule/template/apply: null for every vehicle, the group's id for one group (undefined: none chosen yet). */
export function applyVgid(scope: ApplyScope, vgid: string | undefined): string | null | undefined {
  return scope === 'all' ? null : vgid;
}
