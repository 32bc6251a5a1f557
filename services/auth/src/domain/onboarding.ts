import { randomBytes } from 'node:crypto';
import { type Language, isLanguage } from '@portal/contracts/languages';
import {
  type ImportResult,
  type ImportRow,
  type ImportRowError,
  type Invitation,
  type InvitationRequest,
  groupNameSchema,
} from '@portal/contracts/onboarding';
import type { RegistrationMode } from '@portal/contracts/portal-config';
import { emailSchema, nameSchema } from '@portal/contracts/rules';
import type { AuditContext } from '@portal/kit/audit';
import { AppError } from '@portal/kit/errors';
import type { Logger } from '@portal/kit/logger';
import type { ImportedUser, OnboardingRepository } from '../data-access/onboarding-repository.ts';
import type { ResetTokensRepository } from '../data-access/reset-tokens-repository.ts';
import type { ResetTokenPurpose } from '../data-access/schema.ts';
import type { UserRecord, UsersRepository } from '../data-access/users-repository.ts';
import {
  type Accounts,
  OUTSIDE_A_REQUEST,
  audited,
  hashToken,
  ownAction,
  refuseGuessable,
  smtpFailureOf,
  toUser,
} from './accounts.ts';
import type { Mailer } from '@portal/kit/mailer';
import { type OnboardingMailKind, onboardingMail } from './mails.ts';
import { hashPassword } from './passwords.ts';
import { parseImportCsv } from './import-csv.ts';

/** How long a link to confirm an address at registration works. */
const VERIFY_TTL_HOURS = 48;

export interface OnboardingDeps {
  accounts: Accounts;
  users: UsersRepository;
  onboarding: OnboardingRepository;
  resetTokens: ResetTokensRepository;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  registration: RegistrationMode;
  allowedEmailDomains: readonly string[];
  inviteTtlHours: number;
  /** Throws when the address signs in through the company's provider: it registers there, not here. */
  checkPasswordSignIn?: (email: string) => Promise<void>;
  /** Whether the address signs in through the company's provider only: its invitation sends no password link. */
  signsInThroughProviderOnly?: (email: string) => Promise<boolean>;
  now?: () => Date;
}

const registrationClosed = () =>
  new AppError(403, 'registration_closed', 'Accounts are not created here: ask an administrator');
const emailTaken = () => new AppError(409, 'email_taken', 'An account with this e-mail already exists');

/** The one answer of a registration in the domains and invite modes, whatever the address. */
export const CHECK_YOUR_EMAIL = { message: 'Check your e-mail to go on' } as const;

const ROLES: Record<string, boolean> = { user: false, admin: true };

/** An account invited (or imported) that has not set a password nor ever signed in: it may be invited again. */
const isUnusedInvitation = (record: UserRecord) => record.passwordHash === null && record.lastSignInAt === null;

/** Registration by mode, invitations and imports: how accounts come to be besides single sign-on and SCIM. */
export function onboarding(deps: OnboardingDeps) {
  const now = deps.now ?? (() => new Date());

  async function sendLink(record: UserRecord, purpose: ResetTokenPurpose, hours: number, kind: OnboardingMailKind) {
    const token = randomBytes(32).toString('base64url');
    await deps.resetTokens.insert(record.id, hashToken(token), new Date(now().getTime() + hours * 3_600_000), purpose);
    const link = new URL(purpose === 'verify' ? '/verify-email' : '/reset-password', deps.publicUrl);
    link.searchParams.set('token', token);
    await sendMail(record, kind, link.toString(), Math.round(hours / 24));
  }

  async function sendMail(
    record: Pick<UserRecord, 'email' | 'language' | 'name'> & { id?: string },
    kind: OnboardingMailKind,
    link: string,
    days = 0,
  ) {
    try {
      await deps.mailer.send({
        to: record.email,
        ...onboardingMail(kind, record.language, { name: record.name, link, days }),
      });
    } catch (error) {
      deps.logger.error({ userId: record.id, kind, smtp: smtpFailureOf(error) }, 'onboarding e-mail could not be sent');
    }
  }

  /** A password link, or for an address of the company's provider (which may have no password) the way to sign in. */
  async function invite(record: UserRecord) {
    if (await deps.signsInThroughProviderOnly?.(record.email))
      return sendMail(record, 'inviteCompany', new URL('/login', deps.publicUrl).toString());
    return sendLink(record, 'invite', deps.inviteTtlHours, 'invite');
  }

  /** After the answer: whether the address has an account must not show in the time the answer takes. */
  function later(work: () => Promise<void>) {
    setImmediate(() => {
      work().catch((error: unknown) => deps.logger.error({ err: error }, 'onboarding work after the answer failed'));
    });
  }

  function requireInvitationsAllowed() {
    if (deps.registration === 'off') throw registrationClosed();
  }

  /** The rows of a file judged against each other and the stored accounts. */
  async function judge(rows: ReturnType<typeof parseImportCsv>, actorId: string) {
    const existing = await deps.onboarding.findByEmails(
      rows.map((row) => row.email).filter((email) => emailSchema.safeParse(email).success),
    );
    const seen = new Set<string>();
    return rows.map((row) => {
      const errors: ImportRowError[] = [];
      const email = emailSchema.safeParse(row.email);
      if (!email.success) errors.push('email_invalid');
      if (!nameSchema.safeParse(row.name).success) errors.push('name_invalid');
      const language = row.language === '' ? 'en' : row.language.toLowerCase();
      if (!isLanguage(language)) errors.push('language_unknown');
      const role = row.role === '' ? 'user' : row.role.toLowerCase();
      const isSysAdmin = ROLES[role];
      if (isSysAdmin === undefined) errors.push('role_unknown');
      if (row.groups.some((group) => !groupNameSchema.safeParse(group).success)) errors.push('group_invalid');
      const key = row.email.toLowerCase();
      if (email.success && seen.has(key)) errors.push('duplicate_in_file');
      seen.add(key);
      const account = existing.get(key);
      if (account?.id === actorId && account.isSysAdmin && isSysAdmin === false) errors.push('cannot_demote_self');
      const judged: ImportRow = {
        ...row,
        language,
        role,
        outcome: errors.length > 0 ? 'invalid' : account ? 'update' : 'create',
        errors,
      };
      return { judged, account, isSysAdmin: isSysAdmin === true, language: language as Language };
    });
  }

  return {
    /**
     * `open`: the account is created and signed in (409 for a taken address). `domains` and `invite` answer
     * the same whatever the address: the mail, sent afterwards, says what follows. `off`: refused.
     */
    async register(
      input: { email: string; password: string; name: string; language?: Language | undefined },
      context: AuditContext = OUTSIDE_A_REQUEST,
    ) {
      if (deps.registration === 'off') throw registrationClosed();
      // By the address's domain alone, in every mode: the refusal tells nothing about the account.
      await deps.checkPasswordSignIn?.(input.email);
      if (deps.registration === 'open') return { status: 201, body: await deps.accounts.register(input, context) };
      const domain = input.email.slice(input.email.lastIndexOf('@') + 1).toLowerCase();
      if (deps.registration === 'domains' && !deps.allowedEmailDomains.includes(domain))
        throw new AppError(400, 'email_domain_not_allowed', 'Addresses of this domain may not register', {
          issues: [{ path: 'email', code: 'email_domain_not_allowed' }],
        });
      if (deps.registration === 'domains') await refuseGuessable(input.password, input, 'password');
      const language = input.language ?? 'en';
      later(async () => {
        const record = await deps.users.findByEmail(input.email);
        const login = new URL('/login', deps.publicUrl).toString();
        if (record && !(deps.registration === 'domains' && record.status === 'pending')) {
          return sendMail(record, 'alreadyRegistered', login);
        }
        if (deps.registration === 'invite') {
          return sendMail({ email: input.email, name: input.name, language }, 'inviteOnly', login);
        }
        const pending =
          record ??
          (await deps.users.insert(
            {
              email: input.email,
              name: input.name,
              passwordHash: await hashPassword(input.password),
              language,
              isSysAdmin: false,
              status: 'pending',
            },
            (created) => audited(context, 'user.registered', created, ownAction(created)),
          ));
        if (pending) await sendLink(pending, 'verify', VERIFY_TTL_HOURS, 'verify');
      });
      return { status: 202, body: CHECK_YOUR_EMAIL };
    },

    /** Follows the link of a registration's mail: the pending account becomes active; the link is used up. */
    async verifyEmail(token: string, context: AuditContext = OUTSIDE_A_REQUEST): Promise<void> {
      const tokenHash = hashToken(token);
      const found = await deps.resetTokens.find(tokenHash, now(), ['verify']);
      if (!found || !(await deps.resetTokens.consume(tokenHash, found.userId, now(), ['verify'])))
        throw new AppError(400, 'invalid_token', 'The link is invalid or has expired');
      const record = await deps.users.findById(found.userId);
      if (record)
        await deps.onboarding.activate(record.id, audited(context, 'user.email-verified', record, ownAction(record)));
    },

    /**
     * Creates the account without a password and mails a link to choose one (an address of the company's provider:
     * to sign in with it); an unused invitation is sent again.
     */
    async invite(
      input: InvitationRequest,
      context: AuditContext = OUTSIDE_A_REQUEST,
    ): Promise<{ status: number; body: Invitation }> {
      requireInvitationsAllowed();
      const existing = await deps.users.findByEmail(input.email);
      if (existing && !isUnusedInvitation(existing)) throw emailTaken();
      const record =
        existing ??
        (await deps.users.insert(
          {
            email: input.email,
            name: input.name,
            passwordHash: null,
            language: input.language,
            isSysAdmin: input.isSysAdmin ?? false,
          },
          (created) => audited(context, 'user.invited', created),
        ));
      if (!record) throw emailTaken();
      if (existing) await deps.users.recordAudit(audited(context, 'user.reinvited', existing));
      if (input.groups?.length) await deps.onboarding.addToGroups(record.id, input.groups);
      await deps.resetTokens.deleteOfUser(record.id);
      await invite(record);
      return {
        status: existing ? 200 : 201,
        body: { user: toUser(record), outcome: existing ? 'reinvited' : 'invited' },
      };
    },

    /**
     * Reads an import file and judges every row. The dry run stops there; the real run writes every row in one
     * transaction, or nothing when a row is invalid, then invites the new accounts when asked. Answers the
     * administrators it demoted too, whose sessions end.
     */
    async importUsers(
      file: Buffer,
      options: { dryRun: boolean; invite: boolean; actorId: string },
      context: AuditContext = OUTSIDE_A_REQUEST,
    ): Promise<{ result: ImportResult; demoted: string[] }> {
      requireInvitationsAllowed();
      const judged = await judge(parseImportCsv(file), options.actorId);
      const rows = judged.map((row) => row.judged);
      const count = (outcome: ImportRow['outcome']) => rows.filter((row) => row.outcome === outcome).length;
      const counts = { create: count('create'), update: count('update'), invalid: count('invalid'), invited: 0 };
      if (options.dryRun) return { result: { dryRun: true, applied: false, rows, counts }, demoted: [] };
      if (counts.invalid > 0)
        throw new AppError(422, 'import_invalid', 'The file has invalid rows: nothing was imported', {
          issues: rows.flatMap((row) => row.errors.map((code) => ({ path: `line.${row.line}`, code }))),
        });
      const users: ImportedUser[] = judged.map(({ judged: row, account, isSysAdmin, language }) => ({
        ...(account ? { id: account.id } : {}),
        email: row.email,
        name: row.name,
        language,
        isSysAdmin,
        groups: row.groups,
      }));
      const accountOf = new Map(judged.map((row) => [row.judged.email.toLowerCase(), row.account]));
      const created = await deps.onboarding.importUsers(users, (user, isNew) => {
        const before = accountOf.get(user.email.toLowerCase())?.isSysAdmin;
        const roleChanged = !isNew && before !== undefined && before !== user.isSysAdmin;
        return audited(context, isNew ? 'user.created' : 'user.updated', user, {
          ...(roleChanged ? { changes: { isSysAdmin: { before, after: user.isSysAdmin } } } : {}),
          details: { through: 'import' },
        });
      });
      const demoted = judged
        .filter((row) => row.account?.isSysAdmin && !row.isSysAdmin)
        .map((row) => row.account?.id as string);
      if (options.invite) {
        counts.invited = created.size;
        later(async () => {
          for (const id of created.values()) {
            const record = await deps.users.findById(id);
            if (record) await invite(record);
          }
        });
      }
      return { result: { dryRun: false, applied: true, rows, counts }, demoted };
    },
  };
}
export type Onboarding = ReturnType<typeof onboarding>;
