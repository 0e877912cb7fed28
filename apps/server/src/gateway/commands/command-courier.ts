import { COMMAND_TEXTS } from '@jejak/contract';
import { toDeviceCommand, type NormalizedMessage } from '@jejak/protocols';
import type { Bus } from '../../bus/bus.ts';
import { storableText } from '../../pipeline/stages/sanitize.ts';
import type { PendingCommand } from '../../storage/ingest/rows.ts';
import type { CommandHooks, GatewayLogger } from '../device-channel.ts';
import type { ImeiClaims } from '../imei-claims.ts';

/**
 * Sends queued commands over the open connections of this node (ADR 0090). A command is queued by
 * the API and announced on the bus ('device.command'); every node hears it, and the one holding
 * the device's connection claims the queued rows (QUEUED → SENT, compare-and-set) and writes them.
 * A device that connects later gets its queued commands once it is identified. The tracker's
 * answer (a message with `result`) is recorded on the command it answers.
 */
/** What the courier asks of the store (storage/repos/fleet/command-repo.ts). */
export interface CommandStore {
  claimQueued(dvid: string, nowMs: number): Promise<PendingCommand[]>;
  fail(cmid: string, error: string): Promise<void>;
  answer(dvid: string, serial: number | null, answer: string, nowMs: number): Promise<string | null>;
}

export function createCommandCourier(deps: {
  repo: CommandStore;
  claims: ImeiClaims;
  bus: Pick<Bus, 'subscribe'>;
  now: () => number;
  log: GatewayLogger;
}): CommandHooks & { stop(): void } {
  const { repo, claims, log } = deps;
  /** One delivery at a time per device, in order. */
  const running = new Map<string, Promise<void>>();

  async function deliver(dvid: string): Promise<void> {
    const claim = claims.get(dvid);
    const encoder = claim?.protocol?.commands;
    const imei = claim?.imei?.();
    if (!claim?.send || !imei) return;
    const nowMs = deps.now();
    for (const pending of await repo.claimQueued(dvid, nowMs)) {
      let bytes: Uint8Array | null = null;
      try {
        bytes =
          encoder?.encode(toDeviceCommand(pending), {
            imei,
            serial: pending.serial,
            nowMs,
            settings: claim.settings,
          }) ?? null;
      } catch (err) {
        // A command the protocol cannot carry (a text too long for its frame, say).
        log.warn({ dvid, cmid: pending.cmid, err: String(err) }, 'command not encoded');
      }
      if (!bytes) {
        await repo.fail(pending.cmid, COMMAND_TEXTS.typeNotSupported);
        continue;
      }
      claim.send(bytes);
      log.info({ dvid, cmid: pending.cmid, type: pending.type }, 'command sent');
    }
  }

  function schedule(dvid: string): void {
    const before = running.get(dvid) ?? Promise.resolve();
    const next = before
      .then(() => deliver(dvid))
      .catch((err: unknown) => log.warn({ dvid, err: String(err) }, 'command not sent'))
      .finally(() => {
        if (running.get(dvid) === next) running.delete(dvid);
      });
    running.set(dvid, next);
  }

  const unsubscribe = deps.bus.subscribe('device.command', ({ dvid }) => {
    if (claims.get(dvid)) schedule(dvid);
  });

  return {
    identified: schedule,
    decoded(dvid, messages: readonly NormalizedMessage[]) {
      for (const m of messages) {
        const result = m.attributes['result'];
        if (typeof result !== 'string') continue;
        const serial = m.attributes['commandSerial'];
        void repo
          // The tracker's bytes: no NUL or lone surrogate reaches the store (PostgreSQL refuses them).
          .answer(dvid, typeof serial === 'number' ? serial : null, storableText(result), deps.now())
          .catch((err: unknown) => log.warn({ dvid, err: String(err) }, 'command answer not recorded'));
      }
    },
    stop: unsubscribe,
  };
}
