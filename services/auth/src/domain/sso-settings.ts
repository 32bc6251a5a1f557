import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { RegistrationMode } from '@portal/contracts/portal-config';
import type { SsoProvider, SsoSettings, SsoSettingsRequest, SsoWarning } from '@portal/contracts/sso-settings';
import type { AuditContext } from '@portal/kit/audit';
import { AppError } from '@portal/kit/errors';
import type { Logger } from '@portal/kit/logger';
import type { SsoSettingsRecord, SsoSettingsRepository } from '../data-access/sso-settings-repository.ts';
import type { CompanyPolicy } from './company-sign-in.ts';

/** The provider of the environment (OIDC_*): when it names an issuer, it wins over the stored settings. */
export interface EnvironmentProvider {
  issuerUrl: string | undefined;
  clientId: string | undefined;
  /** Whether OIDC_CLIENT_SECRET is set (its value stays the gateway's). */
  hasClientSecret: boolean;
  displayName: string;
  policy: Omit<CompanyPolicy, 'adminEmail' | 'inForce'>;
}

/** Who may create an account (REGISTRATION, ALLOWED_EMAIL_DOMAINS): the page warns when it goes around the provider. */
export interface Registration {
  mode: RegistrationMode;
  allowedEmailDomains: readonly string[];
}

export interface SsoSettingsDeps {
  settings: SsoSettingsRepository;
  environment: EnvironmentProvider;
  /** The break-glass administrator, who may always sign in with a password. */
  adminEmail: string | undefined;
  registration: Registration;
  /** The secret the client secret's key is derived from (IDENTITY_SECRET). */
  keySecret: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
  logger: Logger;
}

const CIPHER = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256-GCM under a key derived from `keySecret`: a copy of the database alone does not give the secret away. */
function secretBox(keySecret: string) {
  const key = Buffer.from(hkdfSync('sha256', keySecret, '', 'portal sso client secret', 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(CIPHER, key, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
    },
    open(box: string): string {
      const bytes = Buffer.from(box, 'base64url');
      const decipher = createDecipheriv(CIPHER, key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}

const fromEnvironment = () =>
  new AppError(409, 'sso_from_environment', 'Single sign-on is configured by the environment (OIDC_ISSUER_URL)');

/** The fields an audit entry names as changed: never the secret's value, only that it changed. */
function changedFields(before: SsoSettingsRecord | undefined, after: SsoSettingsRecord): string[] {
  const fields = ['issuerUrl', 'clientId', 'displayName', 'adminGroups', 'allowedDomains', 'passwordSignIn', 'enabled'];
  const changed = fields.filter(
    (field) =>
      JSON.stringify(before?.[field as keyof SsoSettingsRecord]) !==
      JSON.stringify(after[field as keyof SsoSettingsRecord]),
  );
  return before?.clientSecretEncrypted === after.clientSecretEncrypted ? changed : [...changed, 'clientSecret'];
}

/**
 * The settings that still let someone around a configured provider: password sign-in allowed for its addresses, or
 * registration open to addresses outside its domains (the provider's own domains are closed to registration).
 */
export function warningsOf(
  policy: Pick<CompanyPolicy, 'allowedDomains' | 'passwordSignIn'>,
  registration: Registration,
) {
  const warnings: SsoWarning[] = [];
  if (policy.passwordSignIn) warnings.push('password_sign_in');
  const outside = (domain: string) => !policy.allowedDomains.includes(domain);
  const registersOutside =
    registration.mode === 'open' || (registration.mode === 'domains' && registration.allowedEmailDomains.some(outside));
  if (policy.allowedDomains.length > 0 && registersOutside) warnings.push('registration_outside');
  return warnings;
}

/**
 * The company's provider as an administrator configures it in the UI, and the policy sign-in follows: the
 * environment's when it names an issuer or nothing enabled is stored, else the stored one.
 */
export function ssoSettings(deps: SsoSettingsDeps) {
  const box = secretBox(deps.keySecret);
  const { environment } = deps;
  const environmentWins = environment.issuerUrl !== undefined;
  const policyOf = (record: SsoSettingsRecord): CompanyPolicy => ({
    inForce: record.enabled,
    allowedDomains: record.allowedDomains,
    adminGroups: record.adminGroups,
    passwordSignIn: record.passwordSignIn,
    adminEmail: deps.adminEmail,
  });
  // Domains without an issuer: the gateway alone was given OIDC_ISSUER_URL, as before it was needed here.
  const environmentPolicy: CompanyPolicy = {
    ...environment.policy,
    inForce: environmentWins || environment.policy.allowedDomains.length > 0,
    adminEmail: deps.adminEmail,
  };

  async function settings(): Promise<SsoSettings> {
    const common = { redirectUri: deps.redirectUri, postLogoutRedirectUri: deps.postLogoutRedirectUri };
    if (environmentWins)
      return {
        ...common,
        ...environment.policy,
        source: 'environment',
        issuerUrl: environment.issuerUrl ?? '',
        clientId: environment.clientId ?? '',
        hasClientSecret: environment.hasClientSecret,
        displayName: environment.displayName,
        enabled: true,
        warnings: warningsOf(environment.policy, deps.registration),
      };
    const record = await deps.settings.get();
    if (!record)
      return {
        ...common,
        source: 'none',
        issuerUrl: '',
        clientId: '',
        hasClientSecret: false,
        displayName: '',
        adminGroups: [],
        allowedDomains: [],
        passwordSignIn: false,
        enabled: false,
        warnings: [],
      };
    const { clientSecretEncrypted, ...shown } = record;
    return {
      ...common,
      ...shown,
      source: 'stored',
      hasClientSecret: clientSecretEncrypted !== null,
      warnings: warningsOf(record, deps.registration),
    };
  }

  return {
    settings,

    /** Stores an administrator's settings; an empty client secret keeps the stored one. */
    async save(request: SsoSettingsRequest, administratorId: string, context: AuditContext): Promise<SsoSettings> {
      if (environmentWins) throw fromEnvironment();
      const before = await deps.settings.get();
      const { clientSecret, ...rest } = request;
      const after: SsoSettingsRecord = {
        ...rest,
        clientSecretEncrypted: clientSecret ? box.seal(clientSecret) : (before?.clientSecretEncrypted ?? null),
      };
      const fields = changedFields(before, after);
      await deps.settings.save(after, administratorId, {
        ...context,
        action: 'sso-settings.changed',
        object: { type: 'sso-settings', id: 'company', label: after.displayName },
        outcome: 'success',
        details: { fields, enabled: after.enabled },
      });
      deps.logger.info({ userId: administratorId, fields, enabled: after.enabled }, 'single sign-on settings saved');
      return settings();
    },

    /** The stored provider with its secret, for the gateway only (`null` when none is stored). */
    async provider(): Promise<SsoProvider> {
      const record = await deps.settings.get();
      if (!record) return null;
      return {
        issuerUrl: record.issuerUrl,
        clientId: record.clientId,
        clientSecret: record.clientSecretEncrypted ? box.open(record.clientSecretEncrypted) : undefined,
        displayName: record.displayName,
        allowedDomains: record.allowedDomains,
        passwordSignIn: record.passwordSignIn,
        enabled: record.enabled,
      };
    },

    /** The policy of sign-in: the stored one when it is enabled and the environment names no issuer. */
    async policy(): Promise<CompanyPolicy> {
      if (environmentWins) return environmentPolicy;
      const record = await deps.settings.get();
      return record?.enabled ? policyOf(record) : environmentPolicy;
    },

    /** The policy a test of the connection is judged by: the stored settings', enabled or not. */
    async testPolicy(): Promise<CompanyPolicy> {
      if (environmentWins) return environmentPolicy;
      const record = await deps.settings.get();
      return record ? policyOf(record) : environmentPolicy;
    },
  };
}
export type SsoSettingsAdministration = ReturnType<typeof ssoSettings>;
