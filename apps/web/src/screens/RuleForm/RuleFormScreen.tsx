/** /Management/Rule/Add and /Management/Rule/Edit/{ruid} (spec 2 §2, §5) — built by issue 12 (stub until then). */
export function RuleFormScreen(_props: { mode: 'add' | 'edit' }) {
  return null;
}
