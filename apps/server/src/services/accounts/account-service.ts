import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_TEXTS,
  ERROR_TYPES,
  type AddUserRequest,
  type ConfigureUserRequest,
  type ProfileUpdateRequest,
  type UpdateUserRequest,
  type UserRelationRequest,
} from '@jejak/contract';
import {
  childHierarchy,
  creationProblem,
  FLEET_HOLDER_ROLES,
  hierarchySegments,
  isWithinSubtree,
  roleChangeProblem,
  type CreationProblem,
  type RoleChangeProblem,
} from '@jejak/domain';
import type { Bus } from '../../bus/bus.ts';
import { AppError } from '../../errors.ts';
import { DEFAULT_PREFERENCE } from '../../storage/repos/mappers.ts';
import type { UserProfileFields, UserWithSecret } from '../../storage/repos/accounts/users-repo.ts';
import type { UnitOfWork } from '../../storage/repos/unit-of-work.ts';
import { auditActor, reachableUser, requireCall, type Actor } from '../access.ts';
import { enforcePasswordPolicy } from './password-policy.ts';
import { scryptHasher, type PasswordHasher } from './passwords.ts';

const PROBLEM_TEXTS: Record<CreationProblem | RoleChangeProblem, string> = {
  roleNotAllowed: ACCOUNT_TEXTS.roleNotAllowed,
  parentNotAllowed: ACCOUNT_TEXTS.parentNotAllowed,
  childrenNotAllowed: ACCOUNT_TEXTS.childrenNotAllowed,
  ownsFleet: ACCOUNT_TEXTS.ownsFleet,
};

const roleRefused = (problem: CreationProblem | RoleChangeProblem) =>
  new AppError(problem === 'roleNotAllowed' ? 403 : 400, ERROR_TYPES.roleNotAllowed, PROBLEM_TEXTS[problem]);
const duplicateEmail = () => new AppError(409, ERROR_TYPES.duplicateEmail, ACCOUNT_TEXTS.duplicateEmail);
const invalid = (message: string) => AppError.validation(message);

// Another request may take the e-mail between the check and the write.
const emailRace = { onDuplicate: duplicateEmail };

/** The fields of a user an edit may change, for the audit log's before and after. */
function profileOf(u: UserWithSecret['user']): UserProfileFields {
  return {
    userName: u.userName,
    userEmail: u.userEmail,
    userRole: u.userRole,
    userContact: u.userContact,
    userAddress: u.userAddress,
  };
}

/**
 * Changes to users: every one checked against the role and the subtree, audited in its
 * transaction. A change of what users reach is announced once committed (`access.changed`):
 * a user's vehicle groups reach its ancestors too, so the whole path above it is named.
 */
export function createAccountService(
  data: UnitOfWork<'users' | 'relations' | 'userFleet' | 'audit'>,
  now: () => number,
  bus: Pick<Bus, 'publish'>,
  hasher: PasswordHasher = scryptHasher,
) {
  const { repos, transaction } = data;
  const { users } = repos;
  const reachChanged = (uids: readonly string[]) => bus.publish('access.changed', { uids });

  async function checkEmailFree(email: string, exceptUid: string | null): Promise<void> {
    if (await users.emailTaken(email, exceptUid)) throw duplicateEmail();
  }

  function checkHierarchy(target: UserWithSecret, sent: string): void {
    if (target.user.userHierarchy !== sent)
      throw new AppError(409, ERROR_TYPES.validation, ACCOUNT_TEXTS.staleHierarchy);
  }

  return {
    /** Creates a user under `currentUser` (the Assigned User, or the creator itself); returns its uid. */
    async add(actor: Actor, req: AddUserRequest): Promise<string> {
      const caller = actor.user;
      requireCall(caller, 'manageUsers');
      const parent = await reachableUser(users, caller, req.currentUser.uid);
      checkHierarchy(parent, req.currentUser.userHierarchy);
      const n = req.newUser;
      const problem = creationProblem(caller.userRole, parent.user.userRole, n.userRole);
      if (problem) throw roleRefused(problem);
      await checkEmailFree(n.userEmail, null);
      enforcePasswordPolicy(n.userPassword, { email: n.userEmail, name: n.userName });
      const passwordHash = await hasher.hash(n.userPassword);
      const uid = randomUUID();
      const at = now();
      await transaction(async (tx) => {
        await tx.users.insert(
          {
            uid,
            user_name: n.userName,
            user_email: n.userEmail,
            user_role: n.userRole,
            user_contact: n.userContact,
            user_address: n.userAddress,
            user_hierarchy: childHierarchy(parent.user.userHierarchy, uid),
            parent_id: parent.user.uid,
            password_hash: passwordHash,
            disabled: false,
            preference: DEFAULT_PREFERENCE,
            created_at: at,
            updated_at: at,
          },
          // New accounts are made on the V2 site, so they use V2 from the start.
          [{ stage: 'V2', createdAt: at }],
        );
        const builtIns = FLEET_HOLDER_ROLES.includes(n.userRole) ? await tx.relations.createBuiltIns(uid, at) : null;
        // Everything but the password.
        const shown = {
          userName: n.userName,
          userRole: n.userRole,
          userEmail: n.userEmail,
          userAddress: n.userAddress,
          userContact: n.userContact,
        };
        await tx.audit(
          auditActor(actor),
          {
            action: 'user.add',
            targetType: 'user',
            targetId: uid,
            details: { ...shown, parentId: parent.user.uid, builtIns },
          },
          at,
        );
      }, emailRace);
      return uid;
    },

    async update(actor: Actor, req: UpdateUserRequest): Promise<void> {
      const caller = actor.user;
      requireCall(caller, 'manageUsers');
      const target = await reachableUser(users, caller, req.user.uid);
      checkHierarchy(target, req.user.userHierarchy);
      const t = target.user;
      if (t.userRole !== req.user.userRole) {
        const [parent, children, ownsFleet] = await Promise.all([
          t.parentId ? users.findByUid(t.parentId) : Promise.resolve(null),
          users.childRoles(t.uid),
          repos.userFleet.ownsFleet(t.uid),
        ]);
        const problem = roleChangeProblem({
          editor: caller.userRole,
          isSelf: caller.uid === t.uid,
          from: t.userRole,
          to: req.user.userRole,
          parent: parent?.user.userRole ?? null,
          children,
          ownsFleet,
        });
        if (problem) throw roleRefused(problem);
      }
      await checkEmailFree(req.user.userEmail, t.uid);
      const after = profileOf({ ...t, ...req.user });
      const at = now();
      await transaction(async (tx) => {
        await tx.users.updateProfile(t.uid, after, at);
        await tx.audit(
          auditActor(actor),
          { action: 'user.update', targetType: 'user', targetId: t.uid, details: { before: profileOf(t), after } },
          at,
        );
      }, emailRace);
      if (t.userRole !== after.userRole) reachChanged([t.uid]);
    },

    /** A fleet operator's details and one of its parent's vehicle groups (null: groups unchanged). */
    async configure(actor: Actor, req: ConfigureUserRequest): Promise<void> {
      const caller = actor.user;
      requireCall(caller, 'manageUsers');
      const target = await reachableUser(users, caller, req.user.uid);
      const t = target.user;
      if (t.userRole !== 'fleetOperator') throw invalid(ACCOUNT_TEXTS.notFleetOperator);
      if (req.user.userRole !== 'fleetOperator') throw roleRefused('roleNotAllowed');
      if (req.vgid !== null) {
        const parentOwns = t.parentId ? (await repos.relations.ownedIds(t.parentId)).vgids : [];
        if (!parentOwns.includes(req.vgid)) throw invalid(ACCOUNT_TEXTS.vehicleGroupNotParents);
      }
      await checkEmailFree(req.user.userEmail, t.uid);
      const after = profileOf({ ...t, ...req.user });
      const at = now();
      await transaction(async (tx) => {
        await tx.users.updateProfile(t.uid, after, at);
        if (req.vgid !== null && t.parentId) {
          // One picker, one group: the operator's groups from its parent become this one.
          const before = await tx.relations.linkedIds(t.uid);
          await tx.relations.unlinkOwnedBy(t.uid, t.parentId);
          await tx.relations.link(t.uid, { vgids: [req.vgid], gtids: before.gtids, rtids: before.rtids });
        }
        await tx.audit(
          auditActor(actor),
          {
            action: 'user.configure',
            targetType: 'user',
            targetId: t.uid,
            details: { before: profileOf(t), after, vgid: req.vgid },
          },
          at,
        );
      }, emailRace);
      if (req.vgid !== null) reachChanged(hierarchySegments(t.userHierarchy));
    },

    /** The caller's own notification switches, whatever its role (ADR 0024); only those sent change. */
    async updatePreference(actor: Actor, req: ProfileUpdateRequest): Promise<void> {
      const caller = actor.user;
      if (req.user.uid !== caller.uid) throw AppError.notFound(ACCOUNT_TEXTS.userNotFound);
      const at = now();
      await transaction(async (tx) => {
        const current = await tx.users.findByUid(caller.uid);
        if (!current) throw AppError.notFound(ACCOUNT_TEXTS.userNotFound);
        const preference = { ...current.user.preference, ...req.user.preference };
        await tx.users.setPreference(caller.uid, preference, at);
        await tx.audit(
          auditActor(actor),
          { action: 'user.preference', targetType: 'user', targetId: caller.uid, details: { preference } },
          at,
        );
      });
    },

    /**
     * Hands srcUser's vehicle groups and templates to destUser, a user below it. 'add' links
     * them; 'update' makes destUser's links from srcUser exactly these.
     */
    async relate(actor: Actor, req: UserRelationRequest, mode: 'add' | 'update'): Promise<void> {
      const caller = actor.user;
      requireCall(caller, 'manageUsers');
      const src = await reachableUser(users, caller, req.srcUser.uid);
      const dest = await reachableUser(users, caller, req.destUser.uid);
      if (src.user.userRole !== req.srcUser.userRole || dest.user.userRole !== req.destUser.userRole)
        throw invalid(ACCOUNT_TEXTS.roleMismatch);
      if (src.user.uid === dest.user.uid || !isWithinSubtree(src.user.userHierarchy, dest.user.userHierarchy))
        throw invalid(ACCOUNT_TEXTS.relationNotBelow);
      const owned = await repos.relations.ownedIds(src.user.uid);
      const { vgids, gtids, rtids } = req.ids;
      const ok =
        vgids.every((id) => owned.vgids.includes(id)) &&
        gtids.every((id) => owned.gtids.includes(id)) &&
        rtids.every((id) => owned.rtids.includes(id));
      if (!ok) throw invalid(ACCOUNT_TEXTS.relationItemNotOwned);
      const at = now();
      await transaction(async (tx) => {
        if (mode === 'update') await tx.relations.unlinkOwnedBy(dest.user.uid, src.user.uid);
        await tx.relations.link(dest.user.uid, { vgids, gtids, rtids });
        await tx.audit(
          auditActor(actor),
          {
            action: `userrelation.${mode}`,
            targetType: 'userrelation',
            targetId: dest.user.uid,
            details: { srcUid: src.user.uid, vgids, gtids, rtids },
          },
          at,
        );
      });
      reachChanged(hierarchySegments(dest.user.userHierarchy));
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
