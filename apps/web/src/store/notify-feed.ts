import type { LiveNotifyMessage } from '@jejak/contract';

export type NotifyItem = LiveNotifyMessage['item'];
type Listener = (item: NotifyItem) => void;

/**
 * The live channel's event notifications ('notify', spec 1 §4), passed on as they come: the
 * pop-ups show them and the ticket panel refetches on a critical one. Nothing is kept; a
 * listener added later does not see earlier events.
 */
export class NotifyFeed {
  private readonly listeners = new Set<Listener>();

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  publish(item: NotifyItem): void {
    for (const listener of this.listeners) listener(item);
  }
}

export const notifyFeed = new NotifyFeed();
