/**
 * Repeated failed sign-ins lock an e-mail for a while: 5 failures within 15 minutes lock it for 15 minutes
 * (the answer says how long). Keyed by e-mail, so an attacker spreading over addresses gains nothing per account.
 */
import { keys } from '../data/keys';
import { deleteItem, getItem, putItem } from '../data/table';
import { TooManyRequestsError } from '../errors';

export const MAX_FAILURES = 5;
const WINDOW_S = 15 * 60;
const LOCK_S = 15 * 60;

interface Throttle {
  failures: number;
  firstAt: number;
  lockedUntil?: number;
}

const now = () => Math.floor(Date.now() / 1000);

export async function assertNotLocked(email: string): Promise<void> {
  const t = await getItem<Throttle>(keys.loginThrottle(email));
  if (t?.lockedUntil && t.lockedUntil > now()) {
    throw new TooManyRequestsError('api.too_many_attempts', { minutes: Math.ceil((t.lockedUntil - now()) / 60) });
  }
}

export async function recordFailure(email: string): Promise<void> {
  const key = keys.loginThrottle(email);
  const t = await getItem<Throttle>(key);
  const fresh = !t || now() - t.firstAt > WINDOW_S || (t.lockedUntil !== undefined && t.lockedUntil <= now());
  const failures = fresh ? 1 : t.failures + 1;
  const next: Throttle = { failures, firstAt: fresh ? now() : t.firstAt };
  if (failures >= MAX_FAILURES) next.lockedUntil = now() + LOCK_S;
  await putItem({ ...key, entity: 'loginThrottle', ...next, ttl: now() + WINDOW_S + LOCK_S });
}

export const clearFailures = (email: string) => deleteItem(keys.loginThrottle(email));
