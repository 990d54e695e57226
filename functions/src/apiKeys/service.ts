/**
 * API keys: made, rotated and revoked by a company's admins for their company, seen and revoked by the provider's
 * staff for any. The secret leaves once, in the answer that makes it; the table keeps its hash.
 */
import { randomBytes } from 'node:crypto';
import { mayGrantScopes } from '@cellar/shared/access/roles';
import {
  API_KEY_MAX_ACTIVE,
  API_KEY_MESSAGES,
  API_KEY_ROLE_LEVELS,
  type ApiKey,
  type ApiKeyCreate,
  type ApiKeyRotate,
  type ApiKeyWithSecret,
  formatApiKey,
} from '@cellar/shared/apiKeys/schemas';
import { clock } from '@cellar/shared/common/clock';
import { MESSAGES } from '@cellar/shared/validation/validators';
import { authorOf } from '../caller/author';
import { ownerCompany } from '../caller/owner';
import type { Caller } from '../caller/principal';
import { seesOwner } from '../caller/visibility';
import { newId } from '../data/ids';
import { companies, companyRef } from '../data/reference';
import { TransactionCancelledError } from '../data/transact';
import { ConflictError, InvalidError, NotFoundError } from '../errors';
import {
  type ApiKeyItem,
  apiKeyPage,
  getApiKey,
  hashSecret,
  insertApiKey,
  keyUses,
  previousStillValid,
  revokeApiKey,
  saveApiKey,
} from './repository';

const PAGE = 50;
/** The minutes of use a key's log shows: a day of steady use, or a month of occasional use. */
const USES_SHOWN = 1440;

/** A new secret: 256 random bits, base64url (43 characters). */
const newSecret = () => randomBytes(32).toString('base64url');

const roleOf = (level: number) => (level === API_KEY_ROLE_LEVELS.user ? 'user' : 'reader');

async function view(k: ApiKeyItem): Promise<ApiKey> {
  const company = companyRef((await companies.get()).get(k.companyId)) ?? { id: k.companyId, code: '', name: '' };
  return {
    id: k.id,
    name: k.name,
    hint: k.hint,
    role: roleOf(k.roleLevel),
    scope: k.scope,
    companyId: k.companyId,
    company,
    status: k.revokedAt ? 'revoked' : 'active',
    createdAt: k.createdAt,
    createdBy: k.createdBy,
    rotatedAt: k.rotatedAt,
    previousValidUntil: !k.revokedAt && previousStillValid(k) ? k.previousValidUntil : null,
    revokedAt: k.revokedAt,
    revokedBy: k.revokedBy,
    lastUsedAt: k.lastUsedAt,
    lastUsedFrom: k.lastUsedFrom,
  };
}

const withSecret = async (k: ApiKeyItem, secret: string): Promise<ApiKeyWithSecret> => ({
  ...(await view(k)),
  key: formatApiKey(k.id, secret),
});

/** The first characters of the key, enough to tell two keys apart in a list, far too few to guess the rest. */
const hintOf = (id: string, secret: string) => `${formatApiKey(id, secret).slice(0, 34)}…`;

export async function createApiKey(caller: Caller, input: ApiKeyCreate): Promise<ApiKeyWithSecret> {
  // The users' rule: nobody gives what it does not hold.
  if (!mayGrantScopes(caller.scope, input.scope))
    throw new InvalidError({ scope: [API_KEY_MESSAGES.scopeNotGrantable] });
  const company = await ownerCompany(caller, input.companyId);
  const id = newId();
  const secret = newSecret();
  const key: ApiKeyItem = {
    id,
    companyId: company.id,
    name: input.name,
    hint: hintOf(id, secret),
    roleLevel: API_KEY_ROLE_LEVELS[input.role],
    scope: input.scope,
    secretHash: hashSecret(secret),
    createdAt: clock.iso(),
    createdBy: authorOf(caller),
    rotatedAt: null,
    previousSecretHash: null,
    previousValidUntil: null,
    revokedAt: null,
    revokedBy: null,
    lastUsedAt: null,
    lastUsedFrom: null,
    version: 1,
  };
  try {
    await insertApiKey(key, API_KEY_MAX_ACTIVE);
  } catch (e) {
    if (e instanceof TransactionCancelledError && e.failed(1)) {
      throw new InvalidError({}, API_KEY_MESSAGES.tooMany, { max: API_KEY_MAX_ACTIVE });
    }
    throw e;
  }
  return withSecret(key, secret);
}

/** A key the caller administers: its company's, or any for the provider's staff; another's does not exist. */
async function administered(caller: Caller, id: string): Promise<ApiKeyItem> {
  const key = await getApiKey(id);
  if (!key || !seesOwner(caller, key.companyId)) throw new NotFoundError();
  return key;
}

/**
 * A new secret for the key, which keeps its name, rights and history. The old secret stops at once, or works beside
 * the new one for `previousValidHours` (a day), for the systems using it to switch without a refused request;
 * revoking the key stops both.
 */
export async function rotateApiKey(caller: Caller, id: string, body: ApiKeyRotate = {}): Promise<ApiKeyWithSecret> {
  const key = await administered(caller, id);
  if (key.revokedAt) throw new ConflictError();
  const secret = newSecret();
  const hours = body.previousValidHours ?? 0;
  // An expiry: the machine's time, as every expiry reads it.
  const until = hours > 0 ? new Date(Date.now() + hours * 3_600_000).toISOString() : null;
  const next = {
    ...key,
    secretHash: hashSecret(secret),
    hint: hintOf(key.id, secret),
    rotatedAt: clock.iso(),
    previousSecretHash: until ? key.secretHash : null,
    previousValidUntil: until,
  };
  return withSecret(await saveApiKey(next, key), secret);
}

/** Revokes the key: its next request is refused. A revoked key stays listed, with who revoked it and when. */
export async function revokeKey(caller: Caller, id: string): Promise<ApiKey> {
  const key = await administered(caller, id);
  if (key.revokedAt) return view(key);
  const next = { ...key, revokedAt: clock.iso(), revokedBy: authorOf(caller) };
  return view(await revokeApiKey(next, key));
}

/** A page of keys: the caller's company's; the provider's staff, one company's or everyone's. */
export async function listApiKeys(caller: Caller, query: { companyId?: string; cursor?: string }) {
  const companyId = caller.isSuperadmin ? query.companyId : caller.tenantId;
  const page = await apiKeyPage(companyId, PAGE, query.cursor);
  if (!page) throw new InvalidError({ cursor: [MESSAGES.invalid] });
  return { data: await Promise.all(page.keys.map(view)), next: page.next };
}

export async function apiKeyUses(caller: Caller, id: string) {
  const key = await administered(caller, id);
  return keyUses(key.id, USES_SHOWN);
}
