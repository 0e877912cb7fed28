/** /Management/Notification/Log (spec 2 §2 Notification Log) — built by issue 12 (stub until then). */
export function NotificationLogScreen() {
  return null;
}
