import {
  ERROR_TYPES,
  PACKAGE_TEXTS,
  type AddPackageRequest,
  type RenewPackageRequest,
  type UpdatePackageRequest,
  type VehiclePackage,
  type VehiclePackageLog,
} from '@jejak/contract';
import {
  contractEndAt,
  dueChange,
  isExpiringSoon,
  packageActions,
  renewPackage,
  settlePackage,
  timeStatus,
  type ContractPeriod,
  type ContractType,
  type PackageAction,
  type PackageStatus,
  type User,
} from '@jejak/domain';
import { AppError } from '../../errors.ts';
import type { AuditActor } from '../../storage/repos/accounts/audit-repo.ts';
import { newPackageId, type PackageLogAction, type StoredPackage } from '../../storage/repos/fleet/packages-repo.ts';
import type { Repos, UnitOfWork } from '../../storage/repos/unit-of-work.ts';
import { auditActor, reachableUser, requireCall, viewerOf, type Actor } from '../access.ts';

type PackageRepos = Pick<Repos, 'packages' | 'userFleet' | 'audit' | 'users' | 'fleet'>;

export interface PackageServiceOptions {
  data: UnitOfWork<keyof PackageRepos>;
  /** Users' time zone: 12 and 24 month contracts end on the same local date and time. */
  timeZone: string;
  now: () => number;
}

const SWEEP_BATCH = 500;

const invalidState = (message: string) => new AppError(409, ERROR_TYPES.invalidState, message);
const vehicleNotFound = () => AppError.notFound(PACKAGE_TEXTS.vehicleNotFound);

/**
 * The package as the screens read it: settled at the clock (a booked renewal that started is
 * the period, the status follows time), the expiring-soon flag and the enabled actions.
 */
export function presentPackage(pkg: StoredPackage, nowMs: number): VehiclePackage {
  const now = settlePackage(pkg, nowMs);
  return { ...now, expiringSoon: isExpiringSoon(now, nowMs), actions: packageActions(now.status) };
}

const SCHEDULER: AuditActor = { uid: null, email: null, ip: null };

/** Vehicle subscriptions (spec 3): reads for whoever sees the vehicle; changes for provisioning roles. */
export function createPackageService(opts: PackageServiceOptions) {
  const { now } = opts;
  const { repos, transaction } = opts.data;
  const { fleet } = repos;

  function period(req: { contractType: ContractType; startAt: number; endAt?: number | null | undefined }) {
    const endAt = contractEndAt(req.contractType, req.startAt, req.endAt ?? null, opts.timeZone);
    if (endAt === null) throw AppError.validation(PACKAGE_TEXTS.selectEndDate);
    return { contractType: req.contractType, startAt: req.startAt, endAt };
  }

  async function visibleVehicle(caller: User, vid: string): Promise<void> {
    if (!(await fleet.isVehicleVisible(viewerOf(caller), vid))) throw vehicleNotFound();
  }

  /**
   * Writes a change with its package log row, the vehicle's subscription dates and an audit row.
   * The log row holds the package after the change; for a booked renewal, the renewal.
   */
  async function record(
    tx: PackageRepos,
    who: AuditActor,
    pkg: StoredPackage,
    action: PackageLogAction,
    at: number,
    logged: ContractPeriod & { status: PackageStatus } = pkg,
  ): Promise<void> {
    await tx.packages.log({ ...pkg, ...logged }, action, who.uid, at);
    await tx.userFleet.setSubscriptionDates(pkg.vid, pkg.startAt, pkg.endAt);
    await tx.audit(
      who,
      {
        action: `package.${action}`,
        targetType: 'package',
        targetId: pkg.vehiclePackageId,
        details: {
          vid: pkg.vid,
          contractType: pkg.contractType,
          status: pkg.status,
          startAt: pkg.startAt,
          endAt: pkg.endAt,
          renewal: pkg.renewal,
        },
      },
      at,
    );
  }

  /**
   * Changes the live package of a vehicle the caller sees, under a row lock on the vehicle.
   * The package is first settled at the clock (a change the job has not stored yet is logged
   * as the job's); `change` gets it and returns its new state, `logged` what its log row
   * holds; `gate` is the spec's enabling rule.
   */
  async function changeLive(
    actor: Actor,
    vid: string,
    gate: PackageAction,
    action: PackageLogAction,
    change: (pkg: StoredPackage, at: number) => StoredPackage,
    logged?: (pkg: StoredPackage, at: number) => ContractPeriod & { status: PackageStatus },
  ): Promise<VehiclePackage> {
    requireCall(actor.user, 'managePackages');
    await visibleVehicle(actor.user, vid);
    const at = now();
    const updated = await transaction(async (tx) => {
      await tx.packages.lockVehicle(vid);
      const [stored] = await tx.packages.currentByVids([vid]);
      if (!stored) throw AppError.notFound(PACKAGE_TEXTS.noPackage);
      const current = settlePackage(stored, at);
      if (current.status === 'TERMINATED') throw invalidState(PACKAGE_TEXTS.terminated);
      if (!packageActions(current.status)[gate])
        throw invalidState(current.status === 'SUSPENDED' ? PACKAGE_TEXTS.suspended : PACKAGE_TEXTS.notSuspended);
      const due = dueChange(stored, at);
      if (due) await record(tx, SCHEDULER, current, due, at);
      const next = { ...change(current, at), updatedAt: at };
      if (!(await tx.packages.update(next, stored.status))) throw invalidState(PACKAGE_TEXTS.packageNotFound);
      await record(tx, auditActor(actor), next, action, at, logged?.(next, at));
      return next;
    });
    return presentPackage(updated, at);
  }

  const withPeriod = (p: ReturnType<typeof period>) => (pkg: StoredPackage, at: number) => ({
    ...pkg,
    ...p,
    status: timeStatus(p.startAt, p.endAt, at),
  });

  return {
    async get(caller: User, vids: readonly string[]): Promise<VehiclePackage[]> {
      const visible = await fleet.filterVisibleVids(viewerOf(caller), vids);
      const at = now();
      return (await repos.packages.currentByVids(visible)).map((p) => presentPackage(p, at));
    },

    async logs(caller: User, vids: readonly string[]): Promise<VehiclePackageLog[]> {
      return repos.packages.logsByVids(await fleet.filterVisibleVids(viewerOf(caller), vids));
    },

    async add(actor: Actor, req: AddPackageRequest): Promise<VehiclePackage> {
      requireCall(actor.user, 'managePackages');
      await visibleVehicle(actor.user, req.vid);
      const owner = await reachableUser(repos.users, actor.user, req.uid);
      if (!(await fleet.isVehicleVisible(viewerOf(owner.user), req.vid)))
        throw AppError.validation(PACKAGE_TEXTS.vehicleNotUsers);
      const p = period(req);
      const at = now();
      const pkg: StoredPackage = {
        vehiclePackageId: newPackageId(),
        vid: req.vid,
        uid: req.uid,
        ...p,
        status: timeStatus(p.startAt, p.endAt, at),
        renewal: null,
        createdAt: at,
        updatedAt: at,
      };
      await transaction(async (tx) => {
        await tx.packages.lockVehicle(req.vid);
        const [current] = await tx.packages.currentByVids([req.vid]);
        if (current?.status === 'TERMINATED') throw invalidState(PACKAGE_TEXTS.terminated);
        if (current) throw invalidState(PACKAGE_TEXTS.alreadyHasPackage);
        await tx.packages.insert(pkg);
        await record(tx, auditActor(actor), pkg, 'add', at);
      });
      return presentPackage(pkg, at);
    },

    /** Corrects the current period of a package (Edit). */
    async update(actor: Actor, req: UpdatePackageRequest): Promise<VehiclePackage> {
      requireCall(actor.user, 'managePackages');
      const found = await repos.packages.byId(req.vehiclePackageId);
      if (!found || !(await fleet.isVehicleVisible(viewerOf(actor.user), found.vid)))
        throw AppError.notFound(PACKAGE_TEXTS.packageNotFound);
      const [current] = await repos.packages.currentByVids([found.vid]);
      if (current?.vehiclePackageId !== found.vehiclePackageId) throw invalidState(PACKAGE_TEXTS.terminated);
      return changeLive(actor, found.vid, 'edit', 'edit', withPeriod(period(req)));
    },

    /**
     * Renew: a period starting now or earlier replaces the current one (which stays in the log);
     * one starting later is booked and taken when it starts, the vehicle staying covered by its
     * current period until then (ADR 0024). The log row holds the renewal's period.
     */
    renew(actor: Actor, req: RenewPackageRequest): Promise<VehiclePackage> {
      const p = period(req);
      return changeLive(
        actor,
        req.vid,
        'renew',
        'renew',
        (pkg, at) => renewPackage(pkg, p, at),
        (pkg, at) => (pkg.renewal ? { ...pkg.renewal, status: timeStatus(p.startAt, p.endAt, at) } : pkg),
      );
    },

    suspend(actor: Actor, vid: string): Promise<VehiclePackage> {
      return changeLive(actor, vid, 'suspend', 'suspend', (pkg) => ({ ...pkg, status: 'SUSPENDED' }));
    },

    /**
     * Back to what the clock gives, a booked renewal whose start passed meanwhile included; a
     * suspension does not move the end date.
     */
    unsuspend(actor: Actor, vid: string): Promise<VehiclePackage> {
      return changeLive(actor, vid, 'unsuspend', 'unsuspend', (pkg, at) =>
        settlePackage({ ...pkg, status: 'ACTIVE' }, at),
      );
    },

    /** Final for the vehicle: a booked renewal is dropped, and no new package may be added. */
    terminate(actor: Actor, vid: string): Promise<VehiclePackage> {
      return changeLive(actor, vid, 'terminate', 'terminate', (pkg) => ({
        ...pkg,
        status: 'TERMINATED',
        renewal: null,
      }));
    },

    /**
     * The scheduled job: stores ACTIVE for PENDING packages whose start has come, EXPIRED for
     * those whose end has, and takes booked renewals that start, each with a log and audit row
     * (under the vehicle's lock, so a concurrent change is not lost). Returns how many changed.
     */
    async sweep(): Promise<number> {
      const at = now();
      let changed = 0;
      for (;;) {
        const due = await repos.packages.due(at, SWEEP_BATCH);
        let progressed = 0;
        for (const { vid } of due) {
          const done = await transaction(async (tx) => {
            await tx.packages.lockVehicle(vid);
            const [pkg] = await tx.packages.currentByVids([vid]);
            const change = pkg ? dueChange(pkg, at) : null;
            if (!pkg || !change) return false;
            const next: StoredPackage = { ...settlePackage(pkg, at), updatedAt: at };
            if (!(await tx.packages.update(next, pkg.status))) return false;
            await record(tx, SCHEDULER, next, change, at);
            return true;
          });
          if (done) progressed++;
        }
        changed += progressed;
        if (due.length < SWEEP_BATCH || progressed === 0) return changed;
      }
    },
  };
}
export type PackageService = ReturnType<typeof createPackageService>;
