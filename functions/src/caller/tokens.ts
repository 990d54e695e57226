/**
 * Access tokens: HS256 JWTs signed with a secret from Secrets Manager (JWT_SECRET_ARN) or, locally,
 * from JWT_SECRET. The algorithm is pinned on verification and the expiry is always checked.
 * An impersonation token carries `act`: the id of the user really acting.
 * Each token carries the token version of its user (`tv`) and, for an impersonation, of the actor (`atv`): bumping a
 * user's version (password reset, deactivation, e-mail change) ends every token issued before.
 */
import { jwtVerify, SignJWT } from 'jose';
import { config } from '../config/config';
import { onFirstUse } from '../config/on-first-use';
import { traced } from '../observability/tracer';

/** The version every token of a user carries (absent on users stored before it existed: 0). */
export const tokenVersionOf = (u: { tokenVersion?: number }) => u.tokenVersion ?? 0;

/** The user with a new token version: every token issued before stops working. */
export const withNewTokenVersion = <U extends { tokenVersion?: number }>(u: U): U => ({
  ...u,
  tokenVersion: tokenVersionOf(u) + 1,
});

const ISSUER = 'cellar';
const AUDIENCE = 'cellar-api';
const ALG = 'HS256';

async function loadSecret(): Promise<Uint8Array> {
  const local = config.jwtSecret;
  if (local) return new TextEncoder().encode(local);
  const arn = config.jwtSecretArn;
  if (!arn) throw new Error('No JWT secret configured');
  // Loaded here, once per container: locally (JWT_SECRET) the SDK package is never needed.
  const { GetSecretValueCommand, SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
  const out = await traced(new SecretsManagerClient({})).send(new GetSecretValueCommand({ SecretId: arn }));
  if (!out.SecretString) throw new Error('Empty JWT secret');
  return new TextEncoder().encode(out.SecretString);
}

/** Loaded once per container (again if the configuration changes: on-first-use.ts); a failed load is tried again. */
const signingKey = onFirstUse(loadSecret, () => config.jwtSecret ?? config.jwtSecretArn);

export interface TokenClaims {
  sub: string;
  /** Set on impersonation tokens: who is acting. */
  act?: string;
  /** The subject's token version when issued (absent: 0, as on tokens issued before versions existed). */
  tv?: number;
  /** On impersonation tokens: the actor's token version when issued. */
  atv?: number;
}

const version = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : 0);

export async function issueToken(claims: TokenClaims, ttlSeconds = config.tokenTtlSeconds): Promise<string> {
  const payload = claims.act ? { act: claims.act, tv: claims.tv ?? 0, atv: claims.atv ?? 0 } : { tv: claims.tv ?? 0 };
  const jwt = new SignJWT(payload)
    .setProtectedHeader({ alg: ALG })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`);
  return jwt.sign(await signingKey());
}

/** The claims of a valid token, or null for any invalid, expired or foreign one. */
export async function verifyToken(token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await signingKey(), {
      algorithms: [ALG],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['exp', 'sub'],
    });
    const act = typeof payload.act === 'string' ? payload.act : undefined;
    return { sub: String(payload.sub), act, tv: version(payload.tv), atv: act ? version(payload.atv) : undefined };
  } catch {
    return null;
  }
}
