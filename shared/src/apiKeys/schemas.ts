/**
 * API keys: a client's own systems (its shop, its ERP) call the API as the screens do, without a person signed in.
 * A key belongs to a company (its tenant, as a user's token carries it), reads or writes (the reader and user
 * roles) within the modules it is given, and is shown once: the server keeps only a hash of its secret.
 *
 * A key reads `ck_<id>_<secret>` and is sent as `Authorization: Bearer ck_…`.
 */
import * as z from 'zod';
import { ROLES } from '../access/roles';
import { scopeGrant } from '../access/schemas';
import type { RouteDef } from '../api/route';
import { authorSchema } from '../common/author';
import { companyRefSchema } from '../companies/schemas';
import { MESSAGES } from '../validation/validators';
import { id, requiredString } from '../validation/zod';

/**
 * Whether a key may reach a route at all (its own role and modules decide the rest): not a public one, which needs
 * no key; not a person's own; not one above the widest key's level.
 */
export const apiKeyReaches = (route: Pick<RouteDef, 'access' | 'sessionOnly'>) =>
  route.access !== 0 && !route.sessionOnly && route.access <= ROLES.user;

/** What a key may do: read, or read and write (the user role). A key never administers. */
export const API_KEY_ROLES = ['reader', 'user'] as const;
export const apiKeyRole = z.enum(API_KEY_ROLES, { error: MESSAGES.invalid });
export type ApiKeyRole = z.infer<typeof apiKeyRole>;
export const API_KEY_ROLE_LEVELS = { reader: ROLES.reader, user: ROLES.user } as const;

/** The most keys a company holds at once (revoked ones not counted): one per connected system, with room to rotate. */
export const API_KEY_MAX_ACTIVE = 20;
/** Requests one key may make per minute, by default (`API_KEY_RATE_LIMIT` on a stage). */
export const API_KEY_DEFAULT_RATE = 600;

const KEY_TEXT = /^ck_([0-9A-HJKMNP-TV-Z]{26})_([A-Za-z0-9_-]{43})$/;

/** The key's id and secret, when a bearer value has a key's shape; anything else is not a key. */
export function parseApiKey(value: string): { id: string; secret: string } | undefined {
  const m = KEY_TEXT.exec(value);
  return m ? { id: m[1] as string, secret: m[2] as string } : undefined;
}

export const formatApiKey = (keyId: string, secret: string) => `ck_${keyId}_${secret}`;

/** Whether a bearer value is meant as a key (so that a malformed key is refused as a key, not read as a token). */
export const looksLikeApiKey = (value: string) => value.startsWith('ck_');

export const API_KEY_MESSAGES = {
  tooMany: 'api.api_key_too_many',
  scopeNotGrantable: 'api.api_key_scope',
  rateLimited: 'api.api_key_rate_limited',
} as const;

/** The key's company: the caller's own, or, for the provider's staff, the client named. */
export const apiKeyCreateSchema = z.strictObject({
  name: requiredString(80),
  role: apiKeyRole,
  scope: z.array(scopeGrant).min(1, { error: MESSAGES.required }).max(20),
  companyId: id.optional(),
});
export type ApiKeyCreate = z.infer<typeof apiKeyCreateSchema>;

/**
 * How long the secret a rotation replaces keeps working, in hours: not at all (a secret that leaked), or a day, for
 * the systems using it to take the new one without a refused request.
 */
export const API_KEY_OVERLAP_HOURS = [0, 24] as const;
export const apiKeyRotateSchema = z.strictObject({
  previousValidHours: z.union([z.literal(0), z.literal(24)]).default(0),
});
export type ApiKeyRotate = z.input<typeof apiKeyRotateSchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The start of the key as shown once (`ck_<id>_ab…`), to recognise it. */
  hint: z.string(),
  role: apiKeyRole,
  scope: z.array(z.string()),
  companyId: z.string(),
  company: companyRefSchema.pick({ id: true, code: true, name: true }),
  status: z.enum(['active', 'revoked']),
  createdAt: z.string(),
  createdBy: authorSchema,
  rotatedAt: z.string().nullable(),
  /** Until when the secret the last rotation replaced still works (null: it stopped at once, or its day is over). */
  previousValidUntil: z.string().nullable(),
  revokedAt: z.string().nullable(),
  revokedBy: authorSchema.nullable(),
  /** To the minute: the first request of the latest minute the key was used in, and its source address. */
  lastUsedAt: z.string().nullable(),
  lastUsedFrom: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** A key as created or rotated: the only answer that ever holds its secret. */
export const apiKeyWithSecretSchema = apiKeySchema.extend({ key: z.string() });
export type ApiKeyWithSecret = z.infer<typeof apiKeyWithSecretSchema>;

/** A key's use in one minute: how many requests, the last one's time and source. */
export const apiKeyUseSchema = z.object({
  minute: z.string(),
  requests: z.number().int(),
  lastAt: z.string(),
  lastFrom: z.string(),
});
export type ApiKeyUse = z.infer<typeof apiKeyUseSchema>;

export const apiKeyListQuery = z.strictObject({
  /** The provider's staff: one client's keys; without it, every company's, newest first. */
  companyId: id.optional(),
  cursor: z.string().max(200).optional(),
});

export const apiKeyPageSchema = z.object({ data: z.array(apiKeySchema), next: z.string().nullable() });
