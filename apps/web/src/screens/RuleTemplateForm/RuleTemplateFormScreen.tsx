/** /Management/RuleTemplate/Add and /Edit/{rtid} (spec 2 §2) — built by issue 12 (stub until then). */
export function RuleTemplateFormScreen(_props: { mode: 'add' | 'edit' }) {
  return null;
}
