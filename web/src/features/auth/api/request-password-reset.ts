import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/password/email: not in the shared route table yet, so the path is spelled here. */
const PASSWORD_EMAIL_PATH = '/api/auth/password/email';

export const requestPasswordReset = (email: string) =>
  apiRequest<{ message?: string }>(PASSWORD_EMAIL_PATH, { method: 'POST', body: { email } });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
