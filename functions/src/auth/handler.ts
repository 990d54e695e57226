import { resourceHandler } from '../platform/http';
import { currentUser, signIn } from './service';

export const handler = resourceHandler('auth', {
  authToken: async ({ body }) => signIn(body),
  authUser: async ({ caller, query }) => currentUser(caller, query.include),
});
