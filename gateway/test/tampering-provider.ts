import { generateKeyPairSync, sign } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake token endpoint changes in the ID token it signs. */
export interface Tampering {
  iss?: string;
  aud?: string;
  /** Seconds from now (negative: already expired). */
  expiresIn?: number;
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A tiny fake provider, only for what oidc-provider cannot be made to do: sign an ID token with another issuer,
 * another audience or an expiry in the past. Its authorization endpoint answers at once with a code; its token
 * endpoint signs, with a key its JWKS publishes, the token that `tamper` describes.
 */
export async function startTamperingProvider() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'fake', use: 'sig', alg: 'RS256' };
  let tampering: Tampering = {};
  let nonce: string | undefined;
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const idToken = () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      iss: tampering.iss ?? issuer,
      aud: tampering.aud ?? 'portal',
      sub: 'fake-subject',
      iat: now - 600,
      exp: now + (tampering.expiresIn ?? 300),
      nonce,
      email: 'fake@company.test',
      email_verified: true,
    };
    const signed = `${base64url({ alg: 'RS256', kid: 'fake', typ: 'JWT' })}.${base64url(claims)}`;
    return `${signed}.${sign('sha256', Buffer.from(signed), privateKey).toString('base64url')}`;
  };

  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const json = (body: unknown) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return json({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      });
    }
    if (url.pathname === '/jwks') return json({ keys: [jwk] });
    if (url.pathname === '/authorize') {
      nonce = url.searchParams.get('nonce') ?? undefined;
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', 'fake-code');
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.href });
      return void res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      req.resume();
      req.on('end', () =>
        json({ access_token: 'fake-access', token_type: 'Bearer', expires_in: 300, id_token: idToken() }),
      );
      return undefined;
    }
    res.statusCode = 404;
    res.end();
  });

  return {
    issuer,
    tamper(next: Tampering) {
      tampering = next;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
