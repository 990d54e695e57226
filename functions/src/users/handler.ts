import { userRoutes } from '@cellar/shared/users/routes';
import { answerList } from '../platform/http/lists';
import { resourceHandler } from '../platform/http/pipeline';
import { userList } from './list';
import { createUser, deleteUser, emailInUse, getUserById, updateUser } from './service';

export const handler = resourceHandler(userRoutes, {
  userList: async ({ caller, list, lang }) => answerList(await userList(caller, list), list, lang),
  userGet: async ({ caller, params, query }) => getUserById(caller, params.id, query.include),
  userCreate: async ({ caller, body, query }) => createUser(caller, body, query.include),
  userUpdate: async ({ caller, params, body, query }) => updateUser(caller, params.id, body, query.include),
  userDelete: async ({ caller, params }) => deleteUser(caller, params.id),
  emailCheck: async ({ params }) => emailInUse(params.id),
});
