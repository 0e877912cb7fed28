import { randomUUID } from 'node:crypto';
import type { Bus } from '../bus/bus.ts';
import type { NotifiedEvent } from './messages.ts';

/** The live channel as push deliveries need it, on whichever node the consoles are (ADR 0063). */
export interface PushChannel {
  /** Sends to these users' open consoles; resolves with how many got it (0: none open). */
  push(uids: readonly string[], dvid: string, item: NotifiedEvent): Promise<number>;
}

/**
 * PUSH over the bus: 'notify.push' goes to every API node, and each node where one of the users
 * has a console open answers with its count on 'notify.pushed'. The first answer settles the
 * delivery; with none within `answerMs`, no console was open. In one process the live hub is a
 * subscriber of this bus, so its answer comes before `publish` returns.
 */
export function createBusPushChannel(bus: Bus, answerMs: number): PushChannel {
  const waiting = new Map<string, (consoles: number) => void>();
  bus.subscribe('notify.pushed', ({ pushId, consoles }) => waiting.get(pushId)?.(consoles));
  return {
    push(uids, dvid, item) {
      const pushId = randomUUID();
      return new Promise<number>((resolve) => {
        const settle = (consoles: number) => {
          clearTimeout(timer);
          waiting.delete(pushId);
          resolve(consoles);
        };
        const timer = setTimeout(() => settle(0), answerMs);
        waiting.set(pushId, (consoles) => consoles > 0 && settle(consoles));
        bus.publish('notify.push', { pushId, uids, dvid, item });
      });
    },
  };
}

/** An API node's side: answers each push with how many of its consoles it reaches, when any. */
export function answerPushes(bus: Bus, live: { openConsoles(uids: readonly string[]): number }): () => void {
  return bus.subscribe('notify.push', ({ pushId, uids }) => {
    if (pushId === undefined) return;
    const consoles = live.openConsoles(uids);
    if (consoles > 0) bus.publish('notify.pushed', { pushId, consoles });
  });
}
