/** Event Record, SOS tickets, SOS Alerts and event pop-ups (issue 12). */
export const enAlerts = {};
