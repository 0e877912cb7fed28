/** The browser's own notifications (the Notification API), used beside the in-app pop-ups. */

const ASKED_KEY = 'jejak.notificationsAsked';

function api(): typeof Notification | null {
  return typeof window !== 'undefined' && 'Notification' in window ? window.Notification : null;
}

/** Whether to offer the "show on this device too" button: supported, not decided, not asked before. */
export function mayAskForBrowserNotifications(): boolean {
  const notification = api();
  return notification !== null && notification.permission === 'default' && localStorage.getItem(ASKED_KEY) === null;
}

/** Asks once; browsers only allow it from a user gesture, so it is called from a click. */
export async function askForBrowserNotifications(): Promise<void> {
  const notification = api();
  if (!notification) return;
  localStorage.setItem(ASKED_KEY, '1');
  await notification.requestPermission();
}

/** Shows a browser notification when the user granted them; `tag` keeps one per event. */
export function showBrowserNotification(title: string, body: string, tag: string): void {
  const notification = api();
  if (notification?.permission !== 'granted') return;
  new notification(title, { body, tag });
}
