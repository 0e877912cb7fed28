import type { LiveNotifyMessage } from '@jejak/contract';
import type { Device, Vehicle } from '@jejak/domain';
import type { GeofenceCrossing } from '../pipeline/geofence-step.ts';

/** What the pipeline and the services announce after a commit; the live channel and notifiers listen. */
export interface BusTopics {
  'fleet.update': { device: Device; vehicle: Vehicle | null };
  /** A vehicle entered or left a geofence (stored): the live channel's 'geofence' message. */
  'geofence.update': { dvid: string; crossing: GeofenceCrossing };
  /** Geofences or template links of these vehicles changed through the API: reload their fences. */
  'geofence.changed': { vids: string[] };
  /**
   * The vehicle fitted to these devices was added, moved or edited through the API: the pipeline
   * reads those devices' state again before their next fix, so it attaches to the new vehicle.
   */
  'vehicle.changed': { dvids: string[] };
  /** Rules or rule templates changed through the API: the pipeline reloads the rules of their vehicles. */
  'rules.changed': { rtids: string[] };
  /**
   * What these users reach may have changed (relations, groups, role, stage, owner, disabled):
   * their live sockets pause, read their session and reach again, and narrow or close (ADR 0032).
   * 'all' when the change cannot name its users.
   */
  'access.changed': { uids: readonly string[] | 'all' };
  /**
   * Events committed by the pipeline (issue 12), with the vehicle's names for messages: the live
   * channel sends each as a 'notify' message to sessions subscribed to the device; the notifier
   * fans them out to the notifications that watch their rule.
   */
  'event.stored': { dvid: string; items: LiveNotifyMessage['item'][] };
  /** A PUSH notification for these users: their open consoles get the 'notify' message. */
  'notify.push': { uids: readonly string[]; dvid: string; item: LiveNotifyMessage['item'] };
  /** These sessions ended (sign-out, password change): their live sockets close at once. */
  'sessions.ended': { tokenHashes: readonly string[] };
}
export type BusTopic = keyof BusTopics;

export interface Bus {
  publish<T extends BusTopic>(topic: T, message: BusTopics[T]): void;
  subscribe<T extends BusTopic>(topic: T, handler: (message: BusTopics[T]) => void): () => void;
}

/** The embedded bus: handlers run synchronously in this process (DESIGN §2). */
export function createInProcessBus(onHandlerError: (err: unknown) => void): Bus {
  const handlers = new Map<BusTopic, Set<(m: never) => void>>();
  return {
    publish(topic, message) {
      for (const h of handlers.get(topic) ?? []) {
        try {
          (h as (m: typeof message) => void)(message);
        } catch (err) {
          onHandlerError(err);
        }
      }
    },
    subscribe(topic, handler) {
      let set = handlers.get(topic);
      if (!set) handlers.set(topic, (set = new Set()));
      set.add(handler);
      return () => set.delete(handler);
    },
  };
}
