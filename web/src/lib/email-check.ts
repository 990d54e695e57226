import { routes } from '@cellar/shared/routes/table';
import { callRoute } from './api-client';

/**
 * Whether an e-mail already belongs to an account (GET /api/email/{email} answers it, or nothing). A failed
 * check is the form's or the import's to judge, not a notice.
 */
export async function isEmailTaken(email: string): Promise<boolean> {
  return Boolean(await callRoute(routes.emailCheck, { params: { id: email.trim() }, quietStatuses: [404, 422] }));
}
