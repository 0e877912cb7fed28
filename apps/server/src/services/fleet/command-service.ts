import { randomInt, randomUUID } from 'node:crypto';
import {
  COMMAND_DEFAULT_EXPIRY_MINUTES,
  COMMAND_STOP_MAX_KMH,
  COMMAND_TEXTS,
  IMMOBILISER_COMMANDS,
  type CommandType,
  type DeviceCommandRow,
  type SendCommandRequest,
} from '@jejak/contract';
import { mayCall, toPermissionRole, type User } from '@jejak/domain';
import { PROTOCOLS, type CommandEncoder } from '@jejak/protocols';
import type { Bus } from '../../bus/bus.ts';
import { AppError } from '../../errors.ts';
import type { CommandRepo } from '../../storage/repos/fleet/command-repo.ts';
import type { FleetRepo } from '../../storage/repos/fleet/fleet-repo.ts';
import type { AuditActor } from '../../storage/repos/accounts/audit-repo.ts';
import { auditActor, requireCall, requireReachableVids, type Actor } from '../access.ts';

/** Engine stop and resume: the immobiliser, for owners and distributors only (ADR 0090). */
const IMMOBILISER: readonly CommandType[] = ['engineStop', 'engineResume'];

/** The command encoder of a device model's protocol, if it has one. */
export function commandsOfModel(model: string): CommandEncoder | undefined {
  return PROTOCOLS.find((p) => p.models.includes(model))?.commands;
}

/**
 * Commands to trackers (issue 29 item 4, ADR 0090): checked against the caller's role and reach,
 * queued with an expiry and announced on the bus; the node holding the tracker's connection
 * sends it (gateway/command-courier.ts).
 */
export function createCommandService(deps: {
  repo: Pick<CommandRepo, 'insert' | 'get' | 'listOf'>;
  fleet: FleetRepo;
  bus: Pick<Bus, 'publish'>;
  audit: (actor: AuditActor, cmid: string, details: Record<string, unknown>, nowMs: number) => Promise<void>;
  now: () => number;
}) {
  const { repo, fleet } = deps;

  /** What `user` may send to the tracker of `model`. */
  function available(user: User, model: string): CommandType[] {
    const role = toPermissionRole(user.userRole);
    const supported = commandsOfModel(model)?.supported ?? [];
    return supported.filter((t) => !IMMOBILISER.includes(t) || mayCall(role, 'immobilise'));
  }

  async function trackerOf(user: User, vid: string) {
    await requireReachableVids(fleet, user, [vid]);
    const dvid = (await fleet.vehicleDvids([vid])).get(vid);
    const found = dvid ? (await fleet.devicesByDvid([dvid])).get(dvid) : undefined;
    if (!dvid || !found) throw AppError.validation(COMMAND_TEXTS.noTracker);
    return found.device;
  }

  return {
    async list(user: User, vid: string): Promise<{ available: CommandType[]; commands: DeviceCommandRow[] }> {
      const device = await trackerOf(user, vid);
      return { available: available(user, device.model), commands: await repo.listOf(vid, deps.now()) };
    },

    /** The queued command, and whether its tracker is connected (then it goes out at once). */
    async send(actor: Actor, body: SendCommandRequest): Promise<{ command: DeviceCommandRow; online: boolean }> {
      const { user } = actor;
      if (IMMOBILISER.includes(body.type)) requireCall(user, 'immobilise');
      const device = await trackerOf(user, body.vid);
      if (!commandsOfModel(device.model)?.supported.includes(body.type))
        throw AppError.validation(COMMAND_TEXTS.typeNotSupported);
      const forced = body.force === true;
      const stopping = IMMOBILISER_COMMANDS.includes(body.type);
      if (stopping && !forced && (device.speed ?? 0) > COMMAND_STOP_MAX_KMH)
        throw AppError.validation(COMMAND_TEXTS.tooFast);
      const nowMs = deps.now();
      const cmid = randomUUID();
      await repo.insert({
        cmid,
        dvid: device.dvid,
        vid: body.vid,
        type: body.type,
        seconds: body.type === 'setInterval' ? (body.seconds ?? null) : null,
        text: body.type === 'custom' ? (body.text ?? null) : null,
        reason: body.reason || null,
        forced: stopping && forced,
        // Echoed by the protocols that number their commands: the answer is matched by it.
        serial: randomInt(1, 0xffff),
        createdBy: user.userEmail,
        createdAt: nowMs,
        expiresAt: nowMs + (body.expiresInMinutes ?? COMMAND_DEFAULT_EXPIRY_MINUTES) * 60_000,
      });
      await deps.audit(
        auditActor(actor),
        cmid,
        { vid: body.vid, type: body.type, reason: body.reason ?? null, forced: stopping && forced },
        nowMs,
      );
      deps.bus.publish('device.command', { dvid: device.dvid });
      const row = await repo.get(cmid, nowMs);
      if (!row) throw AppError.notFound();
      return { command: row, online: device.isAlive };
    },
  };
}
export type CommandService = ReturnType<typeof createCommandService>;
