import {
  MAINTENANCE_TEXTS,
  SERVICE_ITEM_LABELS,
  type MaintenanceDoneRequest,
  type MaintenanceRow,
} from '@jejak/contract';
import {
  dueKey,
  maintenanceStatus,
  MAINTENANCE_STATES,
  nextDue,
  serviceDues,
  serviceFieldsOf,
  type MaintenanceMargins,
  type User,
} from '@jejak/domain';
import { AppError } from '../../errors.ts';
import { escapeHtml } from '../../notify/messages.ts';
import type { Mailer } from '../accounts/mailer.ts';
import type { AuditActor } from '../../storage/repos/accounts/audit-repo.ts';
import type { FleetRepo } from '../../storage/repos/fleet/fleet-repo.ts';
import type { MaintenanceRepo, VehicleDues } from '../../storage/repos/fleet/maintenance-repo.ts';
import { auditActor, requireReachableVids, viewerOf, type Actor } from '../access.ts';

const RANK = Object.fromEntries(MAINTENANCE_STATES.map((s, i) => [s, i])) as Record<string, number>;

/**
 * Maintenance reminders (issue 28 item 8, ADR 0092): the list of services due, "done" rolling the
 * next due forward, and the scheduler's sweep that mails a vehicle's owner once per due and level.
 */
export function createMaintenanceService(deps: {
  repo: MaintenanceRepo;
  fleet: FleetRepo;
  margins: MaintenanceMargins;
  timeZone: string;
  mailer: Pick<Mailer, 'send' | 'configured'>;
  audit: (actor: AuditActor, vid: string, details: Record<string, unknown>, nowMs: number) => Promise<void>;
  now: () => number;
  onError: (err: unknown, context: string) => void;
}) {
  const { repo } = deps;

  async function rowsOf(vehicles: VehicleDues[]): Promise<MaintenanceRow[]> {
    const vids = vehicles.map((v) => v.vid);
    const [hours, done] = await Promise.all([repo.engineHours(vids), repo.lastDone(vids)]);
    const nowMs = deps.now();
    const rows = vehicles.flatMap((v) =>
      serviceDues(v.fields).map((due): MaintenanceRow => {
        const usage = { odometerKm: v.odometerKm, engineHours: hours.get(v.vid) ?? 0, nowMs, timeZone: deps.timeZone };
        const status = maintenanceStatus(due, usage, deps.margins);
        const last = done.get(`${v.vid}/${due.item}`);
        return {
          vid: v.vid,
          vehiclePlate: v.plate,
          vehicleDisplayName: v.name,
          item: due.item,
          dueKm: due.km,
          dueHours: due.hours,
          dueDate: due.date,
          odometerKm: Math.round(usage.odometerKm),
          engineHours: Math.round(usage.engineHours * 10) / 10,
          ...status,
          interval: v.intervals[due.item] ?? null,
          lastDoneAt: last?.at ?? null,
          lastDoneBy: last?.by ?? null,
        };
      }),
    );
    return rows.sort(
      (a, b) =>
        (RANK[a.state] ?? 0) - (RANK[b.state] ?? 0) ||
        (a.leftDays ?? Infinity) - (b.leftDays ?? Infinity) ||
        (a.leftKm ?? Infinity) - (b.leftKm ?? Infinity),
    );
  }

  function mailOf(row: MaintenanceRow) {
    const fill = (t: string) =>
      t
        .replace('{item}', SERVICE_ITEM_LABELS[row.item])
        .replace('{plate}', row.vehiclePlate)
        .replace('{name}', row.vehicleDisplayName);
    const due = [
      row.dueKm === null ? null : `${row.dueKm} km`,
      row.dueHours === null ? null : `${row.dueHours} engine hours`,
      row.dueDate === null ? null : new Date(row.dueDate).toLocaleDateString('en-MY', { timeZone: deps.timeZone }),
    ].filter(Boolean);
    const now = [`${row.odometerKm} km`, row.dueHours === null ? null : `${row.engineHours} engine hours`].filter(
      Boolean,
    );
    const text = [
      fill(row.state === 'OVERDUE' ? MAINTENANCE_TEXTS.mailOverdue : MAINTENANCE_TEXTS.mailDueSoon),
      MAINTENANCE_TEXTS.mailLeft.replace('{due}', due.join(', ')).replace('{now}', now.join(', ')),
      MAINTENANCE_TEXTS.mailFooter,
    ].join('\n\n');
    return { subject: fill(MAINTENANCE_TEXTS.mailSubject), text };
  }

  return {
    async list(user: User): Promise<MaintenanceRow[]> {
      return rowsOf(await repo.vehiclesWithDues(viewerOf(user)));
    },

    async done(actor: Actor, req: MaintenanceDoneRequest): Promise<MaintenanceRow | null> {
      await requireReachableVids(deps.fleet, actor.user, [req.vid]);
      const [vehicle] = await repo.vehiclesWithDues(null, [req.vid]);
      if (!vehicle || !serviceDues(vehicle.fields).some((d) => d.item === req.item))
        throw AppError.validation(MAINTENANCE_TEXTS.notDue);
      const nowMs = deps.now();
      const engineHours = (await repo.engineHours([req.vid])).get(req.vid) ?? 0;
      const usage = { odometerKm: vehicle.odometerKm, engineHours, nowMs, timeZone: deps.timeZone };
      const next = nextDue(req.item, req.interval, usage);
      await repo.markDone({
        vid: req.vid,
        item: req.item,
        atMs: nowMs,
        odometerKm: vehicle.odometerKm,
        engineHours,
        by: actor.user.userEmail,
        note: req.note ?? '',
        next: serviceFieldsOf(next),
        intervals: { ...vehicle.intervals, [req.item]: req.interval },
      });
      await deps.audit(auditActor(actor), req.vid, { item: req.item, interval: req.interval, next }, nowMs);
      const [after] = await repo.vehiclesWithDues(null, [req.vid]);
      return after ? ((await rowsOf([after])).find((r) => r.item === req.item) ?? null) : null;
    },

    /** Mails each vehicle's owner of services newly due soon or overdue; returns how many. */
    async sweep(): Promise<number> {
      if (!deps.mailer.configured) return 0;
      const vehicles = await repo.vehiclesWithDues(null);
      const owners = new Map(vehicles.map((v) => [v.vid, v.ownerEmail]));
      let sent = 0;
      for (const row of await rowsOf(vehicles)) {
        if (row.state === 'OK') continue;
        const key = dueKey({ item: row.item, km: row.dueKm, hours: row.dueHours, date: row.dueDate });
        if (!(await repo.alertOnce(row.vid, row.item, key, row.state, deps.now()))) continue;
        const to = owners.get(row.vid);
        if (!to) continue;
        const { subject, text } = mailOf(row);
        await deps.mailer
          .send({ to, subject, text, html: `<p>${text.split('\n\n').map(escapeHtml).join('</p><p>')}</p>` })
          .then(() => sent++)
          .catch(async (err: unknown) => {
            // Not sent: the next sweep tries again.
            deps.onError(err, `maintenance reminder ${row.vid}`);
            await repo.forgetAlert(row.vid, row.item, key, row.state);
          });
      }
      return sent;
    },
  };
}
export type MaintenanceService = ReturnType<typeof createMaintenanceService>;
