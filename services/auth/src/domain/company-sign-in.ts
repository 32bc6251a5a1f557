import type { OidcSignInAnswer, OidcSignInRequest } from '@portal/contracts/oidc';
import type { SsoMapping } from '@portal/contracts/sso-settings';
import { type Language, isLanguage } from '@portal/contracts/languages';
import { LIMITS } from '@portal/contracts/rules';
import type { AuditContext } from '@portal/kit/audit';
import { AppError } from '@portal/kit/errors';
import type { Logger } from '@portal/kit/logger';
import type { UserRecord, UsersRepository } from '../data-access/users-repository.ts';
import { accountObject, toUser } from './accounts.ts';

export interface CompanyPolicy {
  /** Whether a provider is configured (environment, or stored and switched on): only then does the policy bind. */
  inForce: boolean;
  /** Lower-case domains whose addresses may sign in through the provider; empty: any. */
  allowedDomains: string[];
  /** Values of the `groups` claim that make a system administrator. */
  adminGroups: string[];
  /** False (the default): the provider's addresses (of `allowedDomains`, or any) sign in through it only. */
  passwordSignIn: boolean;
  /** The break-glass administrator, who may always sign in with a password. */
  adminEmail?: string | undefined;
}

export interface CompanySignInDeps {
  users: UsersRepository;
  logger: Logger;
  /** The policy of sign-in now (the environment's or the administrator's, decision 0040). */
  policy: () => Promise<CompanyPolicy>;
  /** The policy a test of the connection is judged by: the stored settings', enabled or not. */
  testPolicy: () => Promise<CompanyPolicy>;
  now?: () => Date;
}

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** `de-CH` or `de` gives `de` when it is one of the portal's languages. */
function languageOf(locale: string | undefined): Language | undefined {
  const primary = locale?.split(/[-_]/)[0]?.toLowerCase();
  return isLanguage(primary) ? primary : undefined;
}

/** The provider's name, or the address's local part when the provider gives none the portal can store. */
function nameOf(claims: OidcSignInRequest): string {
  const name = claims.name?.trim() ?? '';
  if (name.length >= LIMITS.nameMin && name.length <= LIMITS.nameMax) return name;
  return claims.email.slice(0, claims.email.lastIndexOf('@')).slice(0, LIMITS.nameMax).padEnd(LIMITS.nameMin, '_');
}

export const domainNotAllowed = () =>
  new AppError(403, 'sso_domain_not_allowed', 'This e-mail domain may not sign in to the portal');
const emailUnverified = () =>
  new AppError(403, 'sso_email_unverified', 'The provider has not verified this e-mail address');
const deactivated = () => new AppError(403, 'account_deactivated', 'This account has been deactivated');
const passwordSignInOff = () =>
  new AppError(403, 'password_sign_in_off', 'Addresses of this domain sign in with the company account');

/** Sign-in through the company's OpenID Connect provider, and what it means for password sign-in. */
export function companySignIn(deps: CompanySignInDeps) {
  const now = deps.now ?? (() => new Date());
  const domainAllowed = (policy: CompanyPolicy, email: string) =>
    policy.allowedDomains.length === 0 || policy.allowedDomains.includes(domainOf(email));
  const isSysAdminBy = (policy: CompanyPolicy, claims: OidcSignInRequest) =>
    claims.groups.some((group) => policy.adminGroups.includes(group));

  /**
   * The account of these claims: linked by the provider's subject, else the one of the same verified e-mail, which
   * the provider takes over when its address was never proven (anyone could have registered it).
   */
  async function accountOf(externalSubject: string, email: string) {
    const linked = await deps.users.findByExternalSubject(externalSubject);
    if (linked) return { record: linked, bySubject: true, takeOver: false };
    const sameEmail = await deps.users.findByEmail(email);
    if (!sameEmail) return undefined;
    return { record: sameEmail, bySubject: false, takeOver: sameEmail.emailVerifiedAt === null };
  }

  async function signsInThroughProviderOnly(email: string): Promise<boolean> {
    const policy = await deps.policy();
    if (!policy.inForce || policy.passwordSignIn) return false;
    if (policy.adminEmail && email.toLowerCase() === policy.adminEmail.toLowerCase()) return false;
    return domainAllowed(policy, email);
  }

  return {
    /**
     * Finds, links or creates the account of a validated ID token's claims; the claims replace the account's name
     * and e-mail, and the provider's locale seeds a new account's language only (afterwards the person's choice
     * wins). A group in OIDC_ADMIN_GROUPS promotes an account the subject found or made, never one linked by e-mail;
     * demotion stays an administrator's act. `endSessions`: the provider took the account over, so the sessions its
     * password holder began must end.
     */
    async signIn(claims: OidcSignInRequest, context: AuditContext): Promise<OidcSignInAnswer> {
      const policy = await deps.policy();
      const externalSubject = `${claims.issuer} ${claims.subject}`;
      // Recorded as a wrong password is: the account when one is known (by the subject, as the claims are not
      // trusted yet), and why.
      const refused = async (reason: string, error: AppError, account?: UserRecord) => {
        const known = account ?? (await deps.users.findByExternalSubject(externalSubject));
        await deps.users.recordAudit({
          ...context,
          action: 'user.sign-in-failed',
          object: known ? accountObject(known) : { type: 'user' },
          outcome: 'failure',
          details: { through: 'oidc', reason },
        });
        return error;
      };
      if (!claims.emailVerified) throw await refused('email_unverified', emailUnverified());
      if (!domainAllowed(policy, claims.email)) throw await refused('domain_not_allowed', domainNotAllowed());
      const isSysAdmin = isSysAdminBy(policy, claims);
      const name = nameOf(claims);
      const existing = await accountOf(externalSubject, claims.email);
      const verifiedAt = now();
      let record: UserRecord | undefined;
      if (existing) {
        if (existing.record.status === 'deactivated')
          throw await refused('account_deactivated', deactivated(), existing.record);
        // A verified address proves what an invitation's or a registration's e-mail link would: the account is active.
        record = await deps.users.applyProviderClaims(existing.record.id, {
          email: claims.email,
          name,
          status: 'active',
          externalSubject,
          isSysAdmin: isSysAdmin && existing.bySubject,
          verifiedAt,
          takeOver: existing.takeOver,
        });
      } else {
        record = await deps.users.insertFromProvider({
          email: claims.email,
          name,
          language: languageOf(claims.locale) ?? 'en',
          isSysAdmin,
          externalSubject,
          verifiedAt,
        });
      }
      // Another account already has the new e-mail (or a first sign-in raced this one).
      if (!record) throw new AppError(409, 'email_taken', 'An account with this e-mail already exists');
      await deps.users.recordSignIn(record.id, now(), {
        ...context,
        actor: { id: record.id, name: record.name },
        action: 'user.signed-in',
        object: { type: 'user', id: record.id, label: record.email },
        outcome: 'success',
        details: { through: 'oidc', created: !existing, ...(existing?.takeOver ? { takenOver: true } : {}) },
      });
      const takenOver = existing?.takeOver ?? false;
      deps.logger.info(
        { userId: record.id, created: !existing, takenOver, isSysAdmin: record.isSysAdmin },
        'provider sign-in',
      );
      return { user: toUser(record), endSessions: takenOver };
    },

    /**
     * What `signIn` would do with these claims under the test policy, writing nothing: the account they sign in to
     * (or that one would be made), whether they make an administrator, or why they are refused.
     */
    async preview(claims: OidcSignInRequest): Promise<SsoMapping> {
      const policy = await deps.testPolicy();
      if (!claims.emailVerified) return { outcome: 'refused', reason: 'unverified' };
      if (!domainAllowed(policy, claims.email)) return { outcome: 'refused', reason: 'domain' };
      const isSysAdmin = isSysAdminBy(policy, claims);
      const existing = await accountOf(`${claims.issuer} ${claims.subject}`, claims.email);
      if (!existing) return { outcome: 'new', isSysAdmin };
      const { record } = existing;
      if (record.status === 'deactivated') return { outcome: 'refused', reason: 'deactivated' };
      return {
        outcome: 'existing',
        account: { id: record.id, email: record.email, name: record.name },
        isSysAdmin: (isSysAdmin && existing.bySubject) || record.isSysAdmin,
      };
    },

    /**
     * Whether the address may have no password (sign-in, reset, registration): it is of the provider in force and
     * password sign-in was not explicitly allowed; the break-glass administrator excepted.
     */
    signsInThroughProviderOnly,

    /** Refuses a password to an address that signs in through the provider only. */
    async checkPasswordSignIn(email: string) {
      if (await signsInThroughProviderOnly(email)) throw passwordSignInOff();
    },
  };
}
export type CompanySignIn = ReturnType<typeof companySignIn>;
