import { resourceHandler } from '../platform/http';
import { currentUser, loginAs, requestPasswordReset, resetPassword, signIn, updateSelf } from './service';

export const handler = resourceHandler('auth', {
  authToken: async ({ body }) => signIn(body),
  authUser: async ({ caller, query }) => currentUser(caller, query.include),
  authUserUpdate: async ({ caller, body, lang }) => updateSelf(caller, body, lang),
  authPasswordEmail: async ({ body, lang }) => requestPasswordReset(body.email, lang),
  authPasswordReset: async ({ body }) => resetPassword(body),
  authLoginAs: async ({ caller, params }) => loginAs(caller, params.id),
});
