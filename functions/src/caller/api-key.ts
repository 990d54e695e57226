/**
 * A client system calling with an API key (shared/src/apiKeys): the key, read fresh on every request so that a
 * revocation or a rotation applies at the next one, stands for its company as a user's token does (principal.ts
 * makes it a caller). It acts in every warehouse of its company.
 */
import { API_KEY_MESSAGES, parseApiKey } from '@cellar/shared/apiKeys/schemas';
import { type ApiKeyItem, countUse, getApiKey, holdsSecret } from '../apiKeys/repository';
import { config } from '../config/config';
import { type CompanyItem, readCompany } from '../data/reference';
import { TooManyRequestsError, UnauthenticatedError } from '../errors';
import { logger } from '../observability/logger';

const PRINCIPAL = 'key:';

/** The id a key acts under where a person's id would be (a document's author, an import job's starter). */
export const keyPrincipalId = (keyId: string) => `${PRINCIPAL}${keyId}`;
export const isKeyPrincipal = (id: string) => id.startsWith(PRINCIPAL);

/** What a key stands for: the key and its company. */
export interface KeyHolder {
  key: ApiKeyItem;
  company: CompanyItem;
}

/** The key and its company, if both still let it in: not revoked, the company active. */
async function usable(keyId: string): Promise<KeyHolder | undefined> {
  const key = await getApiKey(keyId);
  if (!key || key.revokedAt) return undefined;
  const company = await readCompany(key.companyId);
  return company?.active ? { key, company } : undefined;
}

const secondsLeftInMinute = (at: Date) => 60 - at.getUTCSeconds();

/**
 * What a bearer key stands for, its request counted in the key's minute: 401 for anything but a usable key with its
 * current secret (one answer for all, telling nothing of which), 429 with `Retry-After` past its rate.
 */
export async function keyRequest(value: string, sourceIp: string): Promise<KeyHolder> {
  const parsed = parseApiKey(value);
  const found = parsed ? await usable(parsed.id) : undefined;
  if (!parsed || !found || !holdsSecret(found.key, parsed.secret)) throw new UnauthenticatedError();
  const at = new Date();
  const counted = await countUse(found.key, at, sourceIp, config.apiKeyRateLimit);
  logger.appendKeys({ api_key_id: found.key.id });
  if (!counted) {
    const seconds = secondsLeftInMinute(at);
    throw new TooManyRequestsError(API_KEY_MESSAGES.rateLimited, { seconds }, seconds);
  }
  return found;
}

/** What background work a key started (an import) acts as, as the key is now: undefined once it is revoked. */
export const keyOfPrincipal = (principalId: string) => usable(principalId.slice(PRINCIPAL.length));
