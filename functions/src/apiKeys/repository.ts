/**
 * API keys (see data/ACCESS-PATTERNS.md): the key item holds the hash of its secret, never the secret; a company's
 * keys on GSI1 and everyone's on GSI2, active ones first (`1#`), then revoked ones (`0#`), newest first; a counter
 * of the company's active keys, whose condition bounds them; and one item per minute of use in the key's
 * partition, which is both the key's rate limit and its use log (each one expires after `USE_KEPT_DAYS`).
 *
 *   request ─► ADD requests :1 IF requests < limit ─► USE#<minute> { requests, lastAt, lastFrom }
 *                                    │ first of the minute
 *                                    └──► key item: lastUsedAt, lastUsedFrom (one write a minute at most)
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { authorSchema } from '@cellar/shared/common/author';
import * as z from 'zod';
import { defineEntity } from '../data/entity';
import { keys } from '../data/keys';
import { cursorOf, type Key, positionOfCursor, queryPage, type Source, updateIf, updateReturning } from '../data/table';
import { boundedCount } from '../data/transact';

const apiKeyItemSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  name: z.string(),
  hint: z.string(),
  roleLevel: z.union([z.literal(1), z.literal(2)]),
  scope: z.array(z.string()),
  /** SHA-256 of the secret, hex: the secret is 256 random bits, which no dictionary reaches, so no slow hash is needed. */
  secretHash: z.string(),
  createdAt: z.string(),
  createdBy: authorSchema,
  rotatedAt: z.string().nullable(),
  /** The secret the last rotation replaced, while it still works (until `previousValidUntil`), else null. */
  previousSecretHash: z.string().nullable().default(null),
  previousValidUntil: z.string().nullable().default(null),
  revokedAt: z.string().nullable(),
  revokedBy: authorSchema.nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedFrom: z.string().nullable(),
  version: z.number().int(),
});
export type ApiKeyItem = z.infer<typeof apiKeyItemSchema>;

/** Active keys before revoked ones, each newest first (read descending). */
const listOrder = (k: ApiKeyItem) => (k.revokedAt ? `0#${k.revokedAt}#${k.id}` : `1#${k.createdAt}#${k.id}`);

const apiKeyRecords = defineEntity<ApiKeyItem>({
  name: 'apiKey',
  schema: apiKeyItemSchema,
  key: (k) => keys.apiKey(k.id),
  indexes: (k) => ({ GSI1: [keys.companyApiKeys(k.companyId), listOrder(k)], GSI2: [keys.apiKeys, listOrder(k)] }),
});

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

const sameHash = (a: string, b: string) => timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

/** Whether the secret the last rotation replaced still works at `now` (ms). */
export const previousStillValid = (key: ApiKeyItem, now = Date.now()) =>
  key.previousSecretHash !== null && key.previousValidUntil !== null && Date.parse(key.previousValidUntil) > now;

/** Whether a secret is the key's, or the one its last rotation replaced while that still works; in constant time. */
export function holdsSecret(key: ApiKeyItem, secret: string, now = Date.now()): boolean {
  const hash = hashSecret(secret);
  return (
    sameHash(hash, key.secretHash) || (previousStillValid(key, now) && sameHash(hash, key.previousSecretHash as string))
  );
}

export const getApiKey = (id: string) => apiKeyRecords.get(keys.apiKey(id));

/** Creates the key and counts it among its company's active ones, in one transaction (the counter's bound holds). */
export const insertApiKey = (key: ApiKeyItem, max: number) =>
  apiKeyRecords.saveWith(key, undefined, [boundedCount(keys.activeApiKeys(key.companyId), 1, max)]);

/** Saves a changed key (a new secret) if nobody changed it since it was read. */
export const saveApiKey = (next: ApiKeyItem, previous: ApiKeyItem) => apiKeyRecords.replace(next, previous);

/** Revokes the key and uncounts it, in one transaction. */
export const revokeApiKey = (next: ApiKeyItem, previous: ApiKeyItem) =>
  apiKeyRecords.saveWith(next, previous, [boundedCount(keys.activeApiKeys(next.companyId), -1, 0)]);

/**
 * One page of a company's keys, or everyone's, resuming at `cursor` (the previous page's `next`); a cursor that is
 * not a position of this very list is refused (undefined), so that it reaches no other company's keys.
 */
export async function apiKeyPage(companyId: string | undefined, limit: number, cursor?: string) {
  const source: Source = companyId
    ? { index: 'GSI1', pk: keys.companyApiKeys(companyId), desc: true }
    : { index: 'GSI2', pk: keys.apiKeys, desc: true };
  const from = cursor === undefined ? undefined : positionOfCursor(source, cursor);
  if (from === null) return undefined;
  const page = await queryPage(source, limit, from);
  const next = page.lastKey ? cursorOf(source, page.lastKey) : null;
  return { keys: page.items.map((i) => apiKeyRecords.parse(i)), next };
}

/** The minute a use falls in, as its item's key says it: 2026-11-27T21:04. */
export const minuteOf = (at: Date) => at.toISOString().slice(0, 16);

/** How long a minute's use stays readable in the key's log. */
export const USE_KEPT_DAYS = 30;

interface UseItem {
  requests: number;
  lastAt: string;
  lastFrom: string;
}

/**
 * Counts one request of the key in its minute, under the key's limit: the minute's record after it, or undefined
 * when the minute's limit is reached (nothing counted). The first request of a minute also marks the key as used.
 */
export async function countUse(key: ApiKeyItem, at: Date, from: string, limit: number): Promise<UseItem | undefined> {
  const use = await updateReturning<UseItem>(keys.apiKeyUse(key.id, minuteOf(at)), {
    update: 'ADD requests :one SET lastAt = :at, lastFrom = :from, #ttl = if_not_exists(#ttl, :ttl)',
    condition: 'attribute_not_exists(requests) OR requests < :limit',
    names: { '#ttl': 'ttl' },
    values: {
      ':one': 1,
      ':at': at.toISOString(),
      ':from': from,
      ':limit': limit,
      ':ttl': Math.floor(at.getTime() / 1000) + USE_KEPT_DAYS * 86_400,
    },
  });
  if (use?.requests === 1) await markUsed(keys.apiKey(key.id), at, from);
  return use;
}

/** The key's last use, without touching its version (a rotation or revocation racing with a request still applies). */
const markUsed = (key: Key, at: Date, from: string) =>
  updateIf(key, {
    update: 'SET lastUsedAt = :at, lastUsedFrom = :from',
    condition: 'attribute_exists(PK) AND (attribute_type(lastUsedAt, :null) OR lastUsedAt < :at)',
    values: { ':at': at.toISOString(), ':from': from, ':null': 'NULL' },
  });

/** The key's uses, newest minute first, at most `limit` minutes. */
export async function keyUses(keyId: string, limit: number) {
  const page = await queryPage({ pk: keys.apiKey(keyId).PK, skPrefix: keys.apiKeyUsePrefix, desc: true }, limit);
  return page.items.map((i) => ({
    minute: String(i.SK).slice(keys.apiKeyUsePrefix.length),
    requests: Number(i.requests ?? 0),
    lastAt: String(i.lastAt ?? ''),
    lastFrom: String(i.lastFrom ?? ''),
  }));
}
