/** Management's Rule tab (spec 2 §2 Rules tab) — built by issue 12 (stub until then). */
export function RulesTab(_props: { uid: string }) {
  return null;
}
