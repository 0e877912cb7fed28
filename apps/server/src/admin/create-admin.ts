import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { PasswordField, UserAddressField, UserContactField, UserEmailField, UserNameField } from '@jejak/contract';
import { childHierarchy } from '@jejak/domain';
import { AppError } from '../errors.ts';
import { enforcePasswordPolicy } from '../services/accounts/password-policy.ts';
import type { PasswordHasher } from '../services/accounts/passwords.ts';
import { writeAudit } from '../storage/repos/accounts/audit-repo.ts';
import type { Db } from '../storage/db/database.ts';
import { DEFAULT_PREFERENCE } from '../storage/repos/mappers.ts';
import { createUsersRepo } from '../storage/repos/accounts/users-repo.ts';

/** The first administrator of a new installation: the fields of the console's Add User form. */
export const CreateAdminSchema = z.object({
  userName: UserNameField,
  userEmail: UserEmailField,
  userContact: UserContactField,
  userAddress: UserAddressField,
  userPassword: PasswordField,
});
export type CreateAdmin = z.infer<typeof CreateAdminSchema>;

/** Why `jejak create-admin` refused, in words for the operator's terminal. */
export class CreateAdminError extends Error {}

/**
 * Creates a `super` user at the root of the hierarchy, as `jejak create-admin` does on a new
 * installation (the image turns the demo users off, so nobody could sign in otherwise). Checked
 * like the console's Add User: the form's fields, the password policy, a free e-mail. Audited
 * as 'user.add' by no signed-in actor (the command line). Returns the new uid.
 */
export async function createAdmin(db: Db, input: unknown, hasher: PasswordHasher, nowMs: number): Promise<string> {
  const parsed = CreateAdminSchema.safeParse(input);
  if (!parsed.success) {
    throw new CreateAdminError(
      parsed.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('\n'),
    );
  }
  const a = parsed.data;
  try {
    enforcePasswordPolicy(a.userPassword, { email: a.userEmail, name: a.userName });
  } catch (err) {
    if (err instanceof AppError) throw new CreateAdminError(`userPassword: ${err.message}`);
    throw err;
  }
  const users = createUsersRepo(db);
  if (await users.emailTaken(a.userEmail, null)) {
    throw new CreateAdminError(`userEmail: ${a.userEmail} already has an account`);
  }
  const uid = randomUUID();
  const passwordHash = await hasher.hash(a.userPassword);
  await db.transaction().execute(async (tx) => {
    await createUsersRepo(tx).insert(
      {
        uid,
        user_name: a.userName,
        user_email: a.userEmail,
        user_role: 'super',
        user_contact: a.userContact,
        user_address: a.userAddress,
        user_hierarchy: childHierarchy('', uid),
        parent_id: null,
        password_hash: passwordHash,
        disabled: false,
        preference: DEFAULT_PREFERENCE,
        created_at: nowMs,
        updated_at: nowMs,
      },
      [{ stage: 'V2', createdAt: nowMs }],
    );
    await writeAudit(
      tx,
      { uid: null, email: null, ip: null },
      {
        action: 'user.add',
        targetType: 'user',
        targetId: uid,
        details: {
          userName: a.userName,
          userRole: 'super',
          userEmail: a.userEmail,
          userContact: a.userContact,
          userAddress: a.userAddress,
          parentId: null,
          via: 'jejak create-admin',
        },
      },
      nowMs,
    );
  });
  return uid;
}
