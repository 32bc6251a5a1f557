import { generateKeyPairSync } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/** The claims an account of the test provider signs in with (its login name is its subject). */
interface TestAccountClaims {
  email: string;
  email_verified: boolean;
  name?: string;
  locale?: string;
  groups?: string[];
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Sets the claims of the account that signs in with this login name. */
  account(login: string, claims: TestAccountClaims): void;
  stop(): Promise<void>;
}

function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 10_000) req.destroy(new Error('form too large'));
    });
    req.on('end', () => resolve(new URLSearchParams(body)));
    req.on('error', reject);
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1 (or `host`) with one confidential client for a
 * portal at `portalUrl`. Its login page is a form with a login name and a "Sign in" button, no password: the
 * account's claims are those set with `account()`; consent is taken as given.
 */
export async function startTestProvider(
  portalUrl: string,
  options: { port?: number; host?: string; issuer?: string } = {},
): Promise<TestProvider> {
  const accounts = new Map<string, TestAccountClaims>();
  const clientId = 'portal';
  const clientSecret = 'portal-test-client-secret-0123456789';
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  // In a container it listens on every interface and is known by its service name (`http://idp:9000`).
  const issuer = options.issuer ?? `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [new URL('/api/auth/oidc/callback', portalUrl).href],
        post_logout_redirect_uris: [new URL('/', portalUrl).href],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'locale', 'groups'] },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    cookies: { keys: ['test-provider-cookie-key-0123456789'] },
    jwks: {
      keys: [
        {
          ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
          use: 'sig',
          alg: 'RS256',
        },
      ],
    },
    ttl: { Interaction: 600, Grant: 600, Session: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    findAccount: (_ctx: KoaContextWithOIDC, sub: string) => {
      const claims = accounts.get(sub);
      return claims ? { accountId: sub, claims: () => ({ sub, ...claims }) } : undefined;
    },
    // Consent is taken as given: the portal's client is the company's own.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    interactions: {
      url: (_ctx: KoaContextWithOIDC, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
  });
  const handle = provider.callback();

  /** The login page: a login name, nothing else. */
  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string) {
    if (req.method === 'POST') {
      const login = (await formBody(req)).get('login') ?? '';
      const result = accounts.has(login)
        ? { login: { accountId: login } }
        : { error: 'access_denied', error_description: 'unknown account' };
      await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
      return;
    }
    await provider.interactionDetails(req, res);
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(
      `<!doctype html><html lang="en"><title>Test provider</title><h1>Test provider</h1>` +
        `<form method="post" action="/interaction/${escapeHtml(uid)}">` +
        `<label>Login <input name="login" autocomplete="username"></label><button type="submit">Sign in</button></form></html>`,
    );
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const uid = /^\/interaction\/([\w-]+)$/.exec(req.url ?? '')?.[1];
    if (!uid) return void handle(req, res);
    interaction(req, res, uid).catch(() => {
      res.statusCode = 400;
      res.end('interaction failed');
    });
  });

  return {
    issuer,
    clientId,
    clientSecret,
    account: (login, claims) => void accounts.set(login, claims),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
