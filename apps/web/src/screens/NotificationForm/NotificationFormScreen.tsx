/** /Management/Notification/Add and /Edit/{nfid} (spec 2 §2 Edit Notification) — built by issue 12 (stub until then). */
export function NotificationFormScreen(_props: { mode: 'add' | 'edit' }) {
  return null;
}
