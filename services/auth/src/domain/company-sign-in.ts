import type { OidcSignInRequest } from '@portal/contracts/oidc';
import type { SsoMapping } from '@portal/contracts/sso-settings';
import { type Language, isLanguage } from '@portal/contracts/languages';
import { LIMITS } from '@portal/contracts/rules';
import type { AuditContext } from '@portal/kit/audit';
import { AppError } from '@portal/kit/errors';
import type { Logger } from '@portal/kit/logger';
import type { UserRecord, UsersRepository } from '../data-access/users-repository.ts';
import { toUser } from './accounts.ts';

export interface CompanyPolicy {
  /** Lower-case domains whose addresses may sign in through the provider; empty: any. */
  allowedDomains: string[];
  /** Values of the `groups` claim that make a system administrator. */
  adminGroups: string[];
  /** False: the addresses of `allowedDomains` sign in through the provider only. */
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

  /** The account of these claims: linked by the provider's subject, else by the same verified e-mail. */
  async function accountOf(externalSubject: string, email: string): Promise<UserRecord | undefined> {
    return (await deps.users.findByExternalSubject(externalSubject)) ?? (await deps.users.findByEmail(email));
  }

  return {
    /**
     * Finds, links or creates the account of a validated ID token's claims; the claims replace the account's name,
     * e-mail and language. A group in OIDC_ADMIN_GROUPS promotes; demotion stays an administrator's act.
     */
    async signIn(claims: OidcSignInRequest, context: AuditContext) {
      const policy = await deps.policy();
      if (!claims.emailVerified) throw emailUnverified();
      if (!domainAllowed(policy, claims.email)) throw domainNotAllowed();
      const externalSubject = `${claims.issuer} ${claims.subject}`;
      const isSysAdmin = isSysAdminBy(policy, claims);
      const name = nameOf(claims);
      const existing = await accountOf(externalSubject, claims.email);
      let record: UserRecord | undefined;
      if (existing) {
        if (existing.status === 'deactivated') throw deactivated();
        // A verified address proves what an invitation's or a registration's e-mail link would: the account is active.
        record = await deps.users.applyProviderClaims(existing.id, {
          email: claims.email,
          name,
          language: languageOf(claims.locale) ?? existing.language,
          status: 'active',
          externalSubject,
          isSysAdmin,
        });
      } else {
        record = await deps.users.insertFromProvider({
          email: claims.email,
          name,
          language: languageOf(claims.locale) ?? 'en',
          isSysAdmin,
          externalSubject,
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
        details: { through: 'oidc', created: !existing },
      });
      deps.logger.info({ userId: record.id, created: !existing, isSysAdmin: record.isSysAdmin }, 'provider sign-in');
      return toUser(record);
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
      if (existing.status === 'deactivated') return { outcome: 'refused', reason: 'deactivated' };
      return {
        outcome: 'existing',
        account: { id: existing.id, email: existing.email, name: existing.name },
        isSysAdmin: isSysAdmin || existing.isSysAdmin,
      };
    },

    /** Refuses a password sign-in that the company wants through its provider (the break-glass administrator excepted). */
    async checkPasswordSignIn(email: string) {
      const policy = await deps.policy();
      if (policy.passwordSignIn || policy.allowedDomains.length === 0) return;
      if (policy.adminEmail && email.toLowerCase() === policy.adminEmail.toLowerCase()) return;
      if (policy.allowedDomains.includes(domainOf(email))) throw passwordSignInOff();
    },
  };
}
export type CompanySignIn = ReturnType<typeof companySignIn>;
