// The test OpenID Connect provider as a container of the compose test (deploy/compose.sso-test.yml): the suite's
// provider (gateway/test/test-provider.ts) on 0.0.0.0:9000, known as IDP_ISSUER, for the portal at PUBLIC_URL,
// with two accounts: an employee, and an IT administrator whose `groups` claim makes a system administrator.
import { startTestProvider } from '../gateway/test/test-provider.ts';

const issuer = process.env.IDP_ISSUER ?? 'http://idp:9000';
const portalUrl = process.env.PUBLIC_URL ?? 'http://127.0.0.1:8080';
const provider = await startTestProvider(portalUrl, { host: '0.0.0.0', port: Number(new URL(issuer).port), issuer });
provider.account('sso-employee', {
  email: 'sso.employee@example.com',
  email_verified: true,
  name: 'Sso Employee',
  locale: 'de',
});
provider.account('sso-it-admin', {
  email: 'sso.it-admin@example.com',
  email_verified: true,
  name: 'Sso Administrator',
  groups: ['portal-admins'],
});
console.log(`test provider at ${provider.issuer} for ${portalUrl}`);
const stop = () => void provider.stop().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
