/** /SOSAlerts (spec 3 SOS Alerts) — built by issue 12 (stub until then). */
export function SOSAlertsScreen() {
  return null;
}
