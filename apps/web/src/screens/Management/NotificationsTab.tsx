/** Management's Notification tab (spec 2 §2 Notifications tab) — built by issue 12 (stub until then). */
export function NotificationsTab(_props: { uid: string }) {
  return null;
}
