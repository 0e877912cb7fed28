/** The dashboard ticket panel (spec 1 §2 SOS tickets; fleet owner, manager and operator only) — built by issue 12 (stub until then). */
export function TicketPanel() {
  return null;
}
