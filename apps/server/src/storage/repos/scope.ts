import { sql, type ExpressionBuilder } from 'kysely';
import type { RoleValue } from '@jejak/domain';
import type { Database } from '../db/schema.ts';

/** Who is asking: every query of user-owned data is limited to this viewer's reach. */
export interface Viewer {
  uid: string;
  role: RoleValue;
  hierarchy: string;
}

/** Super and support staff look after the whole platform (ADR 0007). */
export function hasGlobalScope(viewer: Viewer): boolean {
  return viewer.role === 'super' || viewer.role === 'support';
}

/** Condition on a users-table alias: the user is the viewer or below it. */
export function userInSubtree<DB extends Database, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  hierarchyColumn: string,
  viewer: Viewer,
) {
  return sql<boolean>`(${sql.ref(hierarchyColumn)} = ${viewer.hierarchy} or ${sql.ref(hierarchyColumn)} like ${
    escapeLike(viewer.hierarchy) + '#%'
  })`;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
