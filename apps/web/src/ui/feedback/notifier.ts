import type { ReactNode } from 'react';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationConfig, NotificationInstance } from 'antd/es/notification/interface';

/** Real-time pop-ups: bottom right, 50 px from the bottom, 60 seconds (spec 1 §9). */
export const POPUP_CONFIG: NotificationConfig = { placement: 'bottomRight', bottom: 50, duration: 60 };

/**
 * Toasts: top centre, just under the 56 px header (never over the user menu), at most three at
 * once, so they never pile over a table or a form's buttons (issue 26 item 6).
 */
export const TOAST_CONFIG = { top: 64, maxCount: 3 } as const;

interface NotifierApi {
  message: MessageInstance;
  notification: NotificationInstance;
  /** The spec's fixed texts in the user's language (they are written in English everywhere else). */
  localize?: (text: string) => string;
}

const inLanguage = (text: string) => api?.localize?.(text) ?? text;

let api: NotifierApi | null = null;

/** Called once by NotifierBridge with the antd App instances (themed, in React context). */
export function bindNotifier(next: NotifierApi | null): void {
  api = next;
}

/** The one notifier: every message of the console is a toast (DESIGN §7). */
export function showToast(level: 'error' | 'warning' | 'info' | 'success', text: string): void {
  api?.message[level](inLanguage(text));
}

let progressCount = 0;

/** A toast that stays while something runs ('Migrating user...'); the returned function closes it. */
export function showProgress(text: string): () => void {
  const key = `progress-${++progressCount}`;
  api?.message.open({ key, type: 'loading', content: inLanguage(text), duration: 0 });
  return () => api?.message.destroy(key);
}

/** The bottom-right pop-up area for in-app notifications (configured by POPUP_CONFIG). */
export const popups = {
  open(
    level: 'info' | 'warning' | 'error',
    title: string,
    description?: ReactNode,
    extra: { key?: string; actions?: ReactNode; className?: string } = {},
  ): void {
    api?.notification[level]({ title: inLanguage(title), description, ...extra });
  },
};
