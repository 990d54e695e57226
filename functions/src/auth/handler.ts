import { authRoutes } from '@cellar/shared/auth/routes';
import { translate } from '@cellar/shared/i18n/messages';
import { resourceHandler } from '../platform/http/pipeline';
import {
  changePassword,
  currentUser,
  loginAs,
  requestPasswordReset,
  resetPassword,
  signIn,
  updateSelf,
} from './service';

export const handler = resourceHandler(authRoutes, {
  authToken: async ({ body, sourceIp }) => signIn(body, sourceIp),
  authUser: async ({ caller, query }) => currentUser(caller, query.include),
  authUserUpdate: async ({ caller, body, lang }) => ({
    message: translate(lang, 'api.user_updated'),
    ...(await updateSelf(caller, body)),
  }),
  authPasswordChange: async ({ caller, body, lang }) => ({
    message: translate(lang, 'api.password_changed'),
    ...(await changePassword(caller, body)),
  }),
  // Always the same answer, so that nobody learns which e-mails have an account.
  authPasswordEmail: async ({ body, lang, sourceIp }) => {
    await requestPasswordReset(body.email, sourceIp);
    return { message: translate(lang, 'api.reset_email_sent') };
  },
  authPasswordReset: async ({ body }) => resetPassword(body),
  authLoginAs: async ({ caller, params }) => loginAs(caller, params.id),
});
