/** Sign-in, the current user, password links and impersonation (spec 1 §2, §4, §7). */

import type { Credentials, PasswordReset, SelfUpdateBody } from '@cellar/shared/auth/schemas';
import { config } from '../config/config';
import { ForbiddenError, InvalidError, NotFoundError, UnauthenticatedError } from '../errors';
import { hashPassword, verifyPassword } from '../platform/passwords';
import { findUserByEmail, getUser, saveUser } from '../users/repository';
import { parseInclude, userView } from '../users/view';
import { mayActAs } from './impersonation';
import { type Caller, mayConnect } from './principal';
import { consumeToken, sendReset } from './reset-tokens';
import { assertNotLocked, clearFailures, recordFailure } from './throttle';
import { issueToken } from './tokens';

const tokenResponse = async (sub: string, act?: string) => ({
  access_token: await issueToken({ sub, act }),
  token_type: 'Bearer' as const,
  expires_in: config.tokenTtlSeconds,
});

export async function signIn(credentials: Credentials) {
  await assertNotLocked(credentials.email);
  const user = await findUserByEmail(credentials.email);
  const ok = await verifyPassword(credentials.password, user?.passwordHash);
  // An inactive user, or a user of an inactive company, is refused like a wrong password.
  if (!user || !ok || !(await mayConnect(user))) {
    await recordFailure(credentials.email);
    throw new UnauthenticatedError('api.invalid_credentials');
  }
  await clearFailures(credentials.email);
  return tokenResponse(user.id);
}

export const currentUser = (caller: Caller, include: string | undefined) =>
  userView(caller.user, parseInclude(include), caller.actorId);

/** Saves one's own account; the answer's message is the handler's (worded in the caller's language). */
export async function updateSelf(caller: Caller, input: SelfUpdateBody) {
  const next = {
    ...caller.user,
    firstname: input.firstname ?? caller.user.firstname,
    lastname: input.lastname ?? caller.user.lastname,
    email: input.email?.trim().toLowerCase() ?? caller.user.email,
    locale: input.locale ?? caller.user.locale,
    notificationChannels: input.notificationChannels ?? caller.user.notificationChannels,
  };
  const saved = await saveUser(next, caller.user);
  return userView(saved, new Set(['company', 'warehouses']));
}

/** Always the same answer, so that nobody learns which e-mails have an account. */
export async function requestPasswordReset(email: string): Promise<void> {
  const user = await findUserByEmail(email);
  if (user && (await mayConnect(user))) await sendReset(user);
}

export async function resetPassword(input: PasswordReset) {
  const userId = await consumeToken(input.email, input.token);
  const user = userId ? await getUser(userId) : undefined;
  if (!user || !(await mayConnect(user))) throw new InvalidError({}, 'api.reset_token_invalid');
  await saveUser({ ...user, passwordHash: await hashPassword(input.password) }, user);
  await clearFailures(user.email);
  return tokenResponse(user.id);
}

/**
 * A token to act as another user: the superadmin may take any active user, others only their children.
 * The token says who really acts (`act`), even when impersonating from an impersonation.
 */
export async function loginAs(caller: Caller, targetId: string) {
  const target = await getUser(targetId);
  if (!target?.active) throw new NotFoundError();
  const realId = caller.actorId ?? caller.user.id;
  const real = caller.actorId ? await getUser(caller.actorId) : caller.user;
  if (!mayActAs(real, target.id)) throw new ForbiddenError();
  return tokenResponse(target.id, target.id === realId ? undefined : realId);
}
