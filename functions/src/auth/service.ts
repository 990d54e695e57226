/** Sign-in, the current user, password links and impersonation (spec 1 §2, §4, §7). */

import type { Credentials, PasswordReset, SelfUpdateBody } from '@cellar/shared/auth/schemas';
import { config } from '../config/config';
import { ForbiddenError, InvalidError, NotFoundError, UnauthenticatedError } from '../errors';
import { hashPassword, verifyPassword } from '../platform/passwords';
import {
  findUserByEmail,
  getUser,
  saveUser,
  tokenVersionOf,
  type UserItem,
  withNewTokenVersion,
} from '../users/repository';
import { parseInclude, userView } from '../users/view';
import { mayActAs } from './impersonation';
import { type Caller, mayConnect } from './principal';
import { consumeToken, sendReset } from './reset-tokens';
import { beginAttempt, clearFailures } from './throttle';
import { issueToken } from './tokens';

/** A token for the user (acting as itself, or impersonated by the actor), at their current token versions. */
const tokenResponse = async (user: UserItem, actor?: UserItem) => ({
  access_token: await issueToken({
    sub: user.id,
    tv: tokenVersionOf(user),
    ...(actor ? { act: actor.id, atv: tokenVersionOf(actor) } : {}),
  }),
  token_type: 'Bearer' as const,
  expires_in: config.tokenTtlSeconds,
});

/**
 * Each attempt takes its slot before the password is checked (see `beginAttempt`), so parallel guesses are
 * counted as they are made, not after.
 */
export async function signIn(credentials: Credentials, sourceIp: string) {
  const attempt = await beginAttempt(credentials.email, sourceIp);
  const user = await findUserByEmail(credentials.email);
  const ok = await verifyPassword(credentials.password, user?.passwordHash);
  // An inactive user, or a user of an inactive company, is refused like a wrong password.
  if (!user || !ok || !(await mayConnect(user))) {
    await attempt.failed();
    throw new UnauthenticatedError('api.invalid_credentials');
  }
  await attempt.succeeded();
  return tokenResponse(user);
}

export const currentUser = (caller: Caller, include: string | undefined) =>
  userView(caller.user, parseInclude(include), caller.actorId);

/**
 * Saves one's own account; the answer's message is the handler's (worded in the caller's language). A new sign-in
 * e-mail ends every session of the user (token version bumped); this one goes on with the fresh token returned.
 */
export async function updateSelf(caller: Caller, input: SelfUpdateBody) {
  const edited: UserItem = {
    ...caller.user,
    firstname: input.firstname ?? caller.user.firstname,
    lastname: input.lastname ?? caller.user.lastname,
    email: input.email?.trim().toLowerCase() ?? caller.user.email,
    locale: input.locale ?? caller.user.locale,
    notificationChannels: input.notificationChannels ?? caller.user.notificationChannels,
  };
  const emailChanged = edited.email !== caller.user.email;
  const saved = await saveUser(emailChanged ? withNewTokenVersion(edited) : edited, caller.user);
  const data = await userView(saved, new Set(['company', 'warehouses']));
  if (!emailChanged) return { data };
  const actor = caller.actorId ? await getUser(caller.actorId) : undefined;
  return { data, access_token: (await tokenResponse(saved, actor)).access_token };
}

/** Always the same answer, so that nobody learns which e-mails have an account. */
export async function requestPasswordReset(email: string): Promise<void> {
  const user = await findUserByEmail(email);
  if (user && (await mayConnect(user))) await sendReset(user);
}

/**
 * Sets the password from a link: every session of the user ends (token version bumped), and with them the user's
 * other outstanding links (sent at the old version); the answer is the one fresh session.
 */
export async function resetPassword(input: PasswordReset) {
  const link = await consumeToken(input.email, input.token);
  const user = link ? await getUser(link.userId) : undefined;
  if (!link || !user || link.tokenVersion !== tokenVersionOf(user) || !(await mayConnect(user)))
    throw new InvalidError({}, 'api.reset_token_invalid');
  const passwordHash = await hashPassword(input.password);
  // Optimistic lock: of two links used at once, one wins, the other is refused.
  const saved = await saveUser(withNewTokenVersion({ ...user, passwordHash }), user);
  await clearFailures(user.email);
  return tokenResponse(saved);
}

/**
 * A token to act as another user: the superadmin may take any active user, others only their children.
 * The token says who really acts (`act`), even when impersonating from an impersonation.
 */
export async function loginAs(caller: Caller, targetId: string) {
  const target = await getUser(targetId);
  if (!target?.active) throw new NotFoundError();
  const real = caller.actorId ? await getUser(caller.actorId) : caller.user;
  if (!real || !mayActAs(real, target.id)) throw new ForbiddenError();
  return tokenResponse(target, target.id === real.id ? undefined : real);
}
