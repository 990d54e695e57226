import { routes } from '@cellar/shared/routes/table';
import { callRoute } from '../../../lib/api-client';

/** Whether an e-mail already belongs to an account (GET /api/email/{email} answers it, or nothing). */
export async function isEmailTaken(email: string): Promise<boolean> {
  return Boolean(await callRoute(routes.emailCheck, { params: { id: email.trim() } }));
}
