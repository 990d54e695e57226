import { authRoutes as routes } from '@cellar/shared/auth/routes';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';

export const requestPasswordReset = (email: string) => callRoute(routes.authPasswordEmail, { body: { email } });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
