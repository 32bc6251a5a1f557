import { createHash, randomBytes } from 'node:crypto';
import {
  type AdminUser,
  type AdminUserChange,
  USER_LIST_PAGE_MAX,
  type UserListQuery,
} from '@portal/contracts/admin-users';
import type { User, UserStatus } from '@portal/contracts/auth';
import type { Language } from '@portal/contracts/languages';
import { isGuessablePassword } from '@portal/contracts/password-strength';
import { LIMITS } from '@portal/contracts/rules';
import { AppError, badRequest, notFound } from '@portal/kit/errors';
import { type AuditContext, type AuditDraft, systemAuditContext } from '@portal/kit/audit';
import type { Logger } from '@portal/kit/logger';
import type { ResetTokensRepository } from '../data-access/reset-tokens-repository.ts';
import type { ListedUser, UserRecord, UsersRepository } from '../data-access/users-repository.ts';
import type { Mailer } from '@portal/kit/mailer';
import { keepAnAdministrator } from './administrators.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { resetMail } from './mails.ts';

export interface AccountsDeps {
  users: UsersRepository;
  resetTokens: ResetTokensRepository;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  /**
   * Throws when the address must sign in through the company's provider instead of with a password: it may then
   * neither sign in with one, nor reset or set one, nor register.
   */
  checkPasswordSignIn?: (email: string) => Promise<void>;
  now?: () => Date;
}

export function toUser(
  record: Pick<UserRecord, 'id' | 'name' | 'email' | 'language' | 'isSysAdmin'> & { passwordHash?: string | null },
): User {
  return {
    id: record.id,
    name: record.name,
    email: record.email,
    language: record.language,
    isSysAdmin: record.isSysAdmin,
    ...(record.passwordHash === undefined ? {} : { hasPassword: record.passwordHash !== null }),
  };
}

export function toAdminUser(record: ListedUser): AdminUser {
  return {
    ...toUser(record),
    status: record.status,
    lastSignInAt: record.lastSignInAt ? new Date(record.lastSignInAt).toISOString() : null,
    createdAt: new Date(record.createdAt).toISOString(),
  };
}

const USER_LIST_PAGE_DEFAULT = 25;
const notOneself = () => new AppError(409, 'not_oneself', 'Administrators cannot demote or deactivate themselves');

const invalidCredentials = () => new AppError(401, 'invalid_credentials', 'E-mail or password is wrong');
const emailTaken = () => new AppError(409, 'email_taken', 'An account with this e-mail already exists');
const notActive = (status: UserStatus) =>
  status === 'pending'
    ? new AppError(403, 'account_pending', 'Follow the link in the e-mail we sent to activate this account')
    : new AppError(403, 'account_deactivated', 'This account has been deactivated');
const invalidToken = () => new AppError(400, 'invalid_token', 'The reset link is invalid or has expired');
/**
 * New passwords (not the ones already stored: they keep working at login) must not be common or guessable,
 * judged with the person's name and e-mail.
 */
export async function refuseGuessable(password: string, person: { name: string; email: string }, field: string) {
  if (await isGuessablePassword(password, person))
    throw badRequest('The password is too easy to guess', [{ path: field, code: 'password_too_weak' }]);
}

/** What a failed send says without the addresses nodemailer puts in its message and its `rejected` list. */
export function smtpFailureOf(error: unknown) {
  const { code, responseCode, command } = (error ?? {}) as Record<string, unknown>;
  return { code, responseCode, command };
}

/** An account as audit records name it. */
export const accountObject = (record: { id: string; email: string }) => ({
  type: 'user',
  id: record.id,
  label: record.email,
});

/** A successful change to an account, made by the context's actor (or, signing in, by the account's owner). */
export function audited(
  context: AuditContext = OUTSIDE_A_REQUEST,
  action: string,
  record: { id: string; email: string },
  more: Partial<AuditDraft> = {},
): AuditDraft {
  return { ...context, action, object: accountObject(record), outcome: 'success', ...more };
}
export const ownAction = (record: { id: string; name: string }) => ({ actor: { id: record.id, name: record.name } });

/** Where a use case is called from code rather than a request (tests, seeding): no actor, no address. */
export const OUTSIDE_A_REQUEST: AuditContext = { actor: { id: null }, from: {} };

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The use cases of accounts; routes stay thin and only translate HTTP to these calls. */
export function accounts(deps: AccountsDeps) {
  const now = deps.now ?? (() => new Date());

  async function requireRecord(id: string): Promise<UserRecord> {
    const record = await deps.users.findById(id);
    if (!record) throw notFound('User not found');
    return record;
  }

  async function sendResetLink(email: string) {
    const record = await deps.users.findByEmail(email);
    if (!record) return;
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now().getTime() + LIMITS.resetTokenTtlMinutes * 60_000);
    await deps.resetTokens.insert(record.id, hashToken(token), expiresAt);
    const link = new URL('/reset-password', deps.publicUrl);
    link.searchParams.set('token', token);
    const mail = resetMail(record.language, record.name, link.toString());
    try {
      await deps.mailer.send({ to: record.email, ...mail });
    } catch (error) {
      // Only what the mail server answered: its message and the error's lists name the recipient.
      deps.logger.error({ userId: record.id, smtp: smtpFailureOf(error) }, 'password reset e-mail could not be sent');
    }
  }

  return {
    /** A taken e-mail is answered before the password is judged or hashed (the insert still catches a race). */
    async register(
      input: { email: string; password: string; name: string; language?: Language | undefined },
      context: AuditContext = OUTSIDE_A_REQUEST,
    ) {
      if (await deps.users.findByEmail(input.email)) throw emailTaken();
      await refuseGuessable(input.password, input, 'password');
      const created = await deps.users.insert(
        {
          email: input.email,
          name: input.name,
          passwordHash: await hashPassword(input.password),
          language: input.language ?? 'en',
          isSysAdmin: false,
        },
        (record) => audited(context, 'user.registered', record, ownAction(record)),
      );
      if (!created) throw emailTaken();
      return toUser(created);
    },

    /** A language picked on the device before sign-in replaces the stored one; without it the stored one stays. */
    async login(email: string, password: string, language?: Language, context: AuditContext = OUTSIDE_A_REQUEST) {
      await deps.checkPasswordSignIn?.(email);
      const record = await deps.users.findByEmail(email);
      const refused = async (reason: string) =>
        deps.users.recordAudit({
          ...context,
          action: 'user.sign-in-failed',
          object: record ? accountObject(record) : { type: 'user' },
          outcome: 'failure',
          details: { reason },
        });
      if (!(await verifyPassword(record?.passwordHash ?? undefined, password)) || !record) {
        await refused(record ? 'wrong_password' : 'unknown_account');
        throw invalidCredentials();
      }
      // Told only to whoever knows the password: the account exists but may not sign in.
      if (record.status !== 'active') {
        await refused(`account_${record.status}`);
        throw notActive(record.status);
      }
      await deps.users.recordSignIn(record.id, now(), audited(context, 'user.signed-in', record, ownAction(record)));
      if (!language || language === record.language) return toUser(record);
      return toUser((await deps.users.update(record.id, { language })) ?? record);
    },

    async listUsers(query: UserListQuery) {
      const page = await deps.users.list(query, Math.min(query.limit ?? USER_LIST_PAGE_DEFAULT, USER_LIST_PAGE_MAX));
      return { users: page.users.map(toAdminUser), total: page.total };
    },

    /**
     * An administrator promotes, demotes, deactivates or reactivates someone else; answers the user and whether
     * their sessions must end (a demoted session still carries the admin flag, a deactivated one must not go on).
     */
    async changeUser(actorId: string, id: string, change: AdminUserChange, context: AuditContext = OUTSIDE_A_REQUEST) {
      const record = await requireRecord(id);
      const demotes = change.isSysAdmin === false && record.isSysAdmin;
      const deactivates = change.status === 'deactivated' && record.status !== 'deactivated';
      if ((demotes || deactivates) && id === actorId) throw notOneself();
      if (change.isSysAdmin !== undefined && change.isSysAdmin !== record.isSysAdmin) {
        await deps.users.update(
          id,
          { isSysAdmin: change.isSysAdmin },
          audited(context, 'user.role-changed', record, {
            changes: { isSysAdmin: { before: record.isSysAdmin, after: change.isSysAdmin } },
            details: { through: 'ui' },
          }),
          keepAnAdministrator(id, { isSysAdmin: change.isSysAdmin }),
        );
      }
      if (change.status && change.status !== record.status) {
        await deps.users.update(
          id,
          { status: change.status },
          audited(context, 'user.status-changed', record, {
            changes: { status: { before: record.status, after: change.status } },
            details: { through: 'ui' },
          }),
          keepAnAdministrator(id, { status: change.status }),
        );
      }
      deps.logger.info({ actorId, userId: id, change }, 'user changed by an administrator');
      const updated = await deps.users.findListed(id);
      if (!updated) throw notFound('User not found');
      return { user: toAdminUser(updated), endSessions: demotes || deactivates };
    },

    async setName(id: string, name: string) {
      const updated = await deps.users.setName(id, name);
      if (!updated) throw notFound('User not found');
      return toUser(updated);
    },

    async signedOut(id: string, context: AuditContext) {
      const record = await requireRecord(id);
      await deps.users.recordAudit(audited(context, 'user.signed-out', record));
    },

    /** The account; `sessionBegunAt`: none for a session begun before its sessions were ended outside a request. */
    async getUser(id: string, sessionBegunAt?: Date) {
      const record = await requireRecord(id);
      const endedAt = sessionBegunAt ? await deps.users.sessionsEndedAt(id) : undefined;
      if (endedAt && sessionBegunAt && sessionBegunAt <= endedAt) throw notFound('The session has ended');
      return toUser(record);
    },

    async setLanguage(id: string, language: Language) {
      const updated = await deps.users.update(id, { language });
      if (!updated) throw notFound('User not found');
      return toUser(updated);
    },

    /** Reset links asked for before the change die with the old password. */
    async changePassword(
      id: string,
      currentPassword: string,
      newPassword: string,
      context: AuditContext = OUTSIDE_A_REQUEST,
    ) {
      const record = await requireRecord(id);
      if (!(await verifyPassword(record.passwordHash ?? undefined, currentPassword))) throw invalidCredentials();
      await refuseGuessable(newPassword, record, 'newPassword');
      await deps.users.update(
        id,
        { passwordHash: await hashPassword(newPassword) },
        audited(context, 'user.password-changed', record),
      );
      await deps.resetTokens.deleteOfUser(id);
    },

    /**
     * An account with a password confirms with it; one without (provider only) by typing its own address, compared
     * case-insensitively. Neither may take the other's path.
     */
    async deleteUser(
      id: string,
      confirmation: { password?: string | undefined; email?: string | undefined },
      context: AuditContext = OUTSIDE_A_REQUEST,
    ) {
      const record = await requireRecord(id);
      if (record.passwordHash === null) {
        if (confirmation.email === undefined) throw invalidCredentials();
        if (confirmation.email.toLowerCase() !== record.email.toLowerCase())
          throw badRequest('The typed e-mail address is not the account’s', [
            { path: 'email', code: 'email_confirmation_mismatch' },
          ]);
      } else if (!(await verifyPassword(record.passwordHash, confirmation.password ?? ''))) throw invalidCredentials();
      await deps.users.delete(
        id,
        audited(context, 'user.deleted', record, ownAction(record)),
        keepAnAdministrator(id, undefined),
      );
    },

    /**
     * Sends a reset link when the e-mail belongs to an account, unless the address signs in through the company's
     * provider (refused whatever the account, as its domain says). Nothing of it happens before the caller answers:
     * the lookup, the token and the mail all run afterwards, so the answer takes the same time whether or not
     * the account exists.
     */
    async requestPasswordReset(email: string): Promise<void> {
      // Judged by the address's domain alone, before any lookup: the refusal tells nothing about the account.
      await deps.checkPasswordSignIn?.(email);
      setImmediate(() => {
        sendResetLink(email).catch((error: unknown) => {
          deps.logger.error({ err: error }, 'password reset request failed');
        });
      });
    },

    /**
     * The e-mail address of a valid link's account (the mail went there, so the link's holder knows it) and whether
     * the link resets a password or sets an invitee's first one; the token stays usable.
     */
    async resetTokenStatus(token: string) {
      const found = await deps.resetTokens.find(hashToken(token), now());
      const email = found && (await deps.users.findById(found.userId))?.email;
      return found && email !== undefined ? { email, purpose: found.purpose } : undefined;
    },

    /**
     * Sets the new password with a valid token (which takes every other token along); answers whose it was. The
     * password is judged only once the token is known to be the account's: before that, two cheap lookups that
     * run alike for unknown e-mails, so the answer does not tell whether the account exists. A refused password
     * leaves the link usable for a better one.
     */
    async resetPassword(
      email: string,
      token: string,
      newPassword: string,
      context: AuditContext = OUTSIDE_A_REQUEST,
    ): Promise<string> {
      await deps.checkPasswordSignIn?.(email);
      const tokenHash = hashToken(token);
      const [record, owner] = await Promise.all([
        deps.users.findByEmail(email),
        deps.resetTokens.ownerOf(tokenHash, now()),
      ]);
      if (!record || owner !== record.id) throw invalidToken();
      await refuseGuessable(newPassword, record, 'newPassword');
      if (!(await deps.resetTokens.consume(tokenHash, record.id, now()))) throw invalidToken();
      // The link came by mail to this address: following it proves the address.
      await deps.users.update(
        record.id,
        { passwordHash: await hashPassword(newPassword), emailVerifiedAt: now() },
        audited(context, 'user.password-reset', record, ownAction(record)),
      );
      return record.id;
    },

    /**
     * ADMIN_EMAIL at start-up (or `npm run admin -- create-admin`): create the administrator with `password`, or
     * promote the existing account. An account whose address was never proven may be someone's who registered the
     * address first: it is taken over, its password becomes `password` ('password-cleared': none without it), its
     * reset links and sessions end. Without a password and without an account: 'absent'.
     */
    async ensureAdmin(
      email: string,
      password: string | undefined,
      name: string,
    ): Promise<'created' | 'promoted' | 'taken-over' | 'password-cleared' | 'unchanged' | 'absent'> {
      const existing = await deps.users.findByEmail(email);
      if (existing) {
        if (existing.isSysAdmin) {
          // The break-glass account made here before addresses were recorded as proven: the operator vouches for it.
          if (existing.emailVerifiedAt === null) await deps.users.update(existing.id, { emailVerifiedAt: now() });
          return 'unchanged';
        }
        const promotion = audited(systemAuditContext('ADMIN_EMAIL'), 'user.role-changed', existing, {
          changes: { isSysAdmin: { before: false, after: true } },
        });
        if (existing.emailVerifiedAt === null) {
          const passwordHash = password === undefined ? null : await hashPassword(password);
          await deps.users.takeOverAsAdministrator(existing.id, passwordHash, now(), {
            ...promotion,
            details: { takenOver: true },
          });
          return passwordHash ? 'taken-over' : 'password-cleared';
        }
        await deps.users.update(existing.id, { isSysAdmin: true }, promotion);
        return 'promoted';
      }
      if (password === undefined) return 'absent';
      const created = await deps.users.insert(
        // The operator who set ADMIN_EMAIL vouches for the address.
        {
          email,
          name,
          passwordHash: await hashPassword(password),
          language: 'en',
          isSysAdmin: true,
          emailVerifiedAt: now(),
        },
        (record) => audited(systemAuditContext('ADMIN_EMAIL'), 'user.created', record),
      );
      return created ? 'created' : 'unchanged';
    },

    /** An operator sets a password (admin CLI); reset links of the account die with the old one. */
    async setPassword(email: string, password: string): Promise<User> {
      const existing = await deps.users.findByEmail(email);
      if (!existing) throw notFound(`No account with the e-mail ${email}`);
      await deps.resetTokens.deleteOfUser(existing.id);
      const updated = await deps.users.update(
        existing.id,
        { passwordHash: await hashPassword(password) },
        audited(systemAuditContext('npm run admin'), 'user.password-reset', existing),
      );
      return toUser(updated ?? existing);
    },

    async promote(email: string): Promise<User> {
      const existing = await deps.users.findByEmail(email);
      if (!existing) throw notFound(`No account with the e-mail ${email}`);
      const updated = await deps.users.update(
        existing.id,
        { isSysAdmin: true },
        audited(systemAuditContext('npm run admin'), 'user.role-changed', existing, {
          changes: { isSysAdmin: { before: existing.isSysAdmin, after: true } },
        }),
      );
      return toUser(updated ?? existing);
    },
  };
}
export type Accounts = ReturnType<typeof accounts>;
