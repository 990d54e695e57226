/** Sign-in, the current user, password links and impersonation (spec 1 §2, §4, §7). */

import type { Credentials } from '@cellar/shared/auth/credentials';
import type { PasswordChange, PasswordReset, SelfUpdateBody } from '@cellar/shared/auth/schemas';
import { chosenEvents } from '@cellar/shared/users/schemas';
import { isStrongPassword, MESSAGES, PASSWORD_MIN_LENGTH } from '@cellar/shared/validation/validators';
import { mayActAs } from '../caller/impersonation';
import { type Caller, mayConnect } from '../caller/principal';
import { issueToken, tokenVersionOf, withNewTokenVersion } from '../caller/tokens';
import { config } from '../config/config';
import { ForbiddenError, InvalidError, NotFoundError, TooManyRequestsError, UnauthenticatedError } from '../errors';
import { recordMetric } from '../observability/metrics';
import { parseInclude } from '../platform/http/include';
import { findUserByEmail, getUser, saveUser, type UserItem } from '../users/repository';
import { consumeToken, sendReset } from '../users/reset-tokens';
import { userView } from '../users/view';
import { hashPassword, verifyPassword } from './passwords';
import { beginAttempt, clearFailures, countResetRequest } from './throttle';

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
  const attempt = await beginAttempt(credentials.email, sourceIp).catch(async (e: unknown) => {
    if (e instanceof TooManyRequestsError) await recordMetric('signInLockouts');
    throw e;
  });
  const user = await findUserByEmail(credentials.email);
  const ok = await verifyPassword(credentials.password, user?.passwordHash);
  // An inactive user, or a user of an inactive company, is refused like a wrong password.
  if (!user || !ok || !(await mayConnect(user))) {
    await recordMetric('signInFailures');
    await attempt.failed();
    throw new UnauthenticatedError('api.invalid_credentials');
  }
  await attempt.succeeded();
  return tokenResponse(user);
}

/** The signed-in user, with the modules it may use now (its own within its company's), as the screens show them. */
export const currentUser = (caller: Caller, include: string | undefined) =>
  userView({ ...caller.user, scope: [...caller.scope] }, parseInclude(include), caller.actorId);

/** A new password must be strong (also against the account's own e-mail) and not one of the common ones. */
async function assertAcceptablePassword(password: string, email: string): Promise<void> {
  if (!isStrongPassword(password, email))
    throw new InvalidError({ password: [{ key: MESSAGES.passwordWeak, values: { min: PASSWORD_MIN_LENGTH } }] });
  const { isCommonPassword } = await import('@cellar/shared/auth/common-passwords');
  if (isCommonPassword(password)) throw new InvalidError({ password: [MESSAGES.passwordCommon] });
}

/** Only the person: a changed password or sign-in e-mail needs the current password, never an impersonation. */
async function assertOwnerPresent(caller: Caller, currentPassword: string | undefined, field: string) {
  if (caller.actorId) throw new ForbiddenError('api.credentials_impersonating');
  if (!currentPassword || !(await verifyPassword(currentPassword, caller.user.passwordHash)))
    throw new InvalidError({ [field]: [MESSAGES.currentPassword] });
}

/**
 * Saves one's own account; the answer's message is the handler's (worded in the caller's language). A new sign-in
 * e-mail asks for the current password, is refused while impersonating, and ends every session of the user (token
 * version bumped); this one goes on with the fresh token returned.
 */
export async function updateSelf(caller: Caller, input: SelfUpdateBody) {
  const newEmail = input.email?.trim().toLowerCase();
  if (newEmail !== undefined && newEmail !== caller.user.email)
    await assertOwnerPresent(caller, input.currentPassword, 'currentPassword');
  const edited: UserItem = {
    ...caller.user,
    firstname: input.firstname ?? caller.user.firstname,
    lastname: input.lastname ?? caller.user.lastname,
    email: input.email?.trim().toLowerCase() ?? caller.user.email,
    locale: input.locale ?? caller.user.locale,
    notificationChannels: input.notificationChannels ?? caller.user.notificationChannels,
    notificationEvents: input.notificationEvents
      ? chosenEvents(input.notificationEvents)
      : caller.user.notificationEvents,
  };
  const emailChanged = edited.email !== caller.user.email;
  const saved = await saveUser(emailChanged ? withNewTokenVersion(edited) : edited, caller.user);
  const data = await userView(saved, new Set(['company', 'warehouses']));
  if (!emailChanged) return { data };
  const actor = caller.actorId ? await getUser(caller.actorId) : undefined;
  return { data, access_token: (await tokenResponse(saved, actor)).access_token };
}

/**
 * Changes one's own password, given the current one: every other session of the user ends (token version bumped),
 * and with them the outstanding reset links; this one goes on with the fresh token returned.
 */
export async function changePassword(caller: Caller, input: PasswordChange) {
  await assertOwnerPresent(caller, input.currentPassword, 'currentPassword');
  await assertAcceptablePassword(input.password, caller.user.email);
  const passwordHash = await hashPassword(input.password);
  const saved = await saveUser(withNewTokenVersion({ ...caller.user, passwordHash }), caller.user);
  return { access_token: (await tokenResponse(saved)).access_token };
}

/** Always the same answer, so that nobody learns which e-mails have an account (rate-limited alike for all). */
export async function requestPasswordReset(email: string, sourceIp: string): Promise<void> {
  await countResetRequest(email, sourceIp);
  const user = await findUserByEmail(email);
  if (user && (await mayConnect(user))) await sendReset(user);
}

/**
 * Sets the password from a link: every session of the user ends (token version bumped), and with them the user's
 * other outstanding links (sent at the old version); the answer is the one fresh session.
 */
export async function resetPassword(input: PasswordReset) {
  // Before the link is used up: a refused password leaves it valid for another try.
  await assertAcceptablePassword(input.password, input.email);
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
  if (!real || !mayActAs(real, target)) throw new ForbiddenError();
  return tokenResponse(target, target.id === real.id ? undefined : real);
}
