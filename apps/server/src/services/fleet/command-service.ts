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
import { mayCall, toPermissionRole, type Device, type User } from '@jejak/domain';
import { PROTOCOLS, toDeviceCommand, type CommandEncoder, type DeviceCommand } from '@jejak/protocols';
import type { Bus } from '../../bus/bus.ts';
import type { SmsProvider } from '../../notify/providers/provider.ts';
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
  repo: Pick<CommandRepo, 'insert' | 'get' | 'listOf' | 'markSms' | 'fail'>;
  /** The SMS provider, for commands to an offline tracker sent by SMS (optional fallback). */
  sms: Pick<SmsProvider, 'sendSms'>;
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

  function encodable(device: Device, command: DeviceCommand, serial: number, nowMs: number): boolean {
    try {
      const target = { imei: device.imei, serial, nowMs, settings: device.settings ?? undefined };
      return commandsOfModel(device.model)?.encode(command, target) != null;
    } catch {
      return false;
    }
  }

  /** The command as an SMS to the device's SIM, when its protocol has one and it has a SIM. */
  function smsText(device: Device, command: DeviceCommand, serial: number): string | null {
    const encoder = commandsOfModel(device.model);
    if (!device.simCard || !encoder?.sms) return null;
    return encoder.sms(command, { imei: device.imei, serial, settings: device.settings ?? undefined });
  }

  /** Sends a queued command by SMS now; its row says how it went. */
  async function sendBySms(cmid: string, to: string, text: string): Promise<boolean> {
    const answer = await deps.sms.sendSms(to, text).catch((err: unknown) => ({
      statusCode: 0,
      statusMessage: String(err),
      ref: null,
    }));
    if (answer.statusCode >= 200 && answer.statusCode < 300) {
      await repo.markSms(cmid, deps.now());
      return true;
    }
    await repo.fail(cmid, `${COMMAND_TEXTS.smsFailed} ${answer.statusCode} ${answer.statusMessage}`.trim());
    return false;
  }

  async function trackerOf(user: User, vid: string) {
    await requireReachableVids(fleet, user, [vid]);
    const dvid = (await fleet.vehicleDvids([vid])).get(vid);
    const found = dvid ? (await fleet.devicesByDvid([dvid])).get(dvid) : undefined;
    if (!dvid || !found) throw AppError.validation(COMMAND_TEXTS.noTracker);
    return found.device;
  }

  return {
    async list(
      user: User,
      vid: string,
    ): Promise<{ available: CommandType[]; sms: CommandType[]; commands: DeviceCommandRow[] }> {
      const device = await trackerOf(user, vid);
      const mine = available(user, device.model);
      return {
        available: mine,
        sms: mine.filter((type) => smsText(device, toDeviceCommand({ type, text: 'STATUS#' }), 0) !== null),
        commands: await repo.listOf(vid, deps.now()),
      };
    },

    /**
     * The queued command, and how it goes: at once over the tracker's connection, by SMS when the
     * tracker is offline and the caller asked for it, or when the tracker comes back.
     */
    async send(
      actor: Actor,
      body: SendCommandRequest,
    ): Promise<{ command: DeviceCommandRow; how: 'online' | 'sms' | 'queued' }> {
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
      // Echoed by the protocols that number their commands: the answer is matched by it.
      const serial = randomInt(1, 0xffff);
      // Refused now what the tracker's protocol cannot carry (a custom text it does not take).
      if (!encodable(device, toDeviceCommand(body), serial, nowMs))
        throw AppError.validation(COMMAND_TEXTS.typeNotSupported);
      await repo.insert({
        cmid,
        dvid: device.dvid,
        vid: body.vid,
        type: body.type,
        seconds: body.type === 'setInterval' ? (body.seconds ?? null) : null,
        text: body.type === 'custom' ? (body.text ?? null) : null,
        reason: body.reason || null,
        forced: stopping && forced,
        serial,
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
      let how: 'online' | 'sms' | 'queued' = device.isAlive ? 'online' : 'queued';
      const text = body.sms && !device.isAlive ? smsText(device, toDeviceCommand(body), serial) : null;
      if (text !== null) {
        if (!(await sendBySms(cmid, device.simCard, text))) {
          const failed = await repo.get(cmid, nowMs);
          throw AppError.validation(failed?.error ?? COMMAND_TEXTS.smsFailed);
        }
        how = 'sms';
      } else deps.bus.publish('device.command', { dvid: device.dvid });
      const row = await repo.get(cmid, nowMs);
      if (!row) throw AppError.notFound();
      return { command: row, how };
    },
  };
}
export type CommandService = ReturnType<typeof createCommandService>;
