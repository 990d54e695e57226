/**
 * Repeated failed sign-ins lock an e-mail for a while: 5 failures within 15 minutes lock it for 15 minutes
 * (the answer says how long). Keyed by e-mail, so an attacker spreading over addresses gains nothing per account.
 */
import * as z from 'zod';
import { defineEntity } from '../data/entity';
import { keys } from '../data/keys';
import { TooManyRequestsError } from '../errors';

export const MAX_FAILURES = 5;
const WINDOW_S = 15 * 60;
const LOCK_S = 15 * 60;

const throttleSchema = z.object({
  /** Trimmed and lower-cased, as in the key. */
  email: z.string(),
  failures: z.number().int(),
  /** Epoch seconds of the window's first failure. */
  firstAt: z.number(),
  lockedUntil: z.number().optional(),
  /** Lets DynamoDB clean up in AWS once the window and the lock are over. */
  ttl: z.number(),
});
type Throttle = z.infer<typeof throttleSchema>;

const throttles = defineEntity<Throttle>({
  name: 'loginThrottle',
  schema: throttleSchema,
  key: (t) => keys.loginThrottle(t.email),
});

const now = () => Math.floor(Date.now() / 1000);

export async function assertNotLocked(email: string): Promise<void> {
  const t = await throttles.get(keys.loginThrottle(email));
  if (t?.lockedUntil && t.lockedUntil > now()) {
    throw new TooManyRequestsError('api.too_many_attempts', { minutes: Math.ceil((t.lockedUntil - now()) / 60) });
  }
}

export async function recordFailure(email: string): Promise<void> {
  const t = await throttles.get(keys.loginThrottle(email));
  const fresh = !t || now() - t.firstAt > WINDOW_S || (t.lockedUntil !== undefined && t.lockedUntil <= now());
  const failures = fresh ? 1 : t.failures + 1;
  await throttles.save({
    email: email.trim().toLowerCase(),
    failures,
    firstAt: fresh ? now() : t.firstAt,
    ...(failures >= MAX_FAILURES ? { lockedUntil: now() + LOCK_S } : {}),
    ttl: now() + WINDOW_S + LOCK_S,
  });
}

export async function clearFailures(email: string): Promise<void> {
  const t = await throttles.get(keys.loginThrottle(email));
  if (t) await throttles.remove(t);
}
