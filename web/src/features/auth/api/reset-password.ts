import { authRoutes as routes } from '@cellar/shared/auth/routes';
import type { PasswordReset } from '@cellar/shared/auth/schemas';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';

/**
 * Sets the password of a first-login or reset link. The answer carries a token, but the user signs in afterwards
 * on /login (spec 1 §2), so that the new password is used once straight away.
 */
export const resetPassword = (body: PasswordReset) => callRoute(routes.authPasswordReset, { body });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
