import { translate } from '@cellar/shared/i18n/messages';
import { receptionRoutes } from '@cellar/shared/receptions/routes';
import { resourceHandler } from '../platform/http';
import { answerList } from '../platform/lists';
import { receptionList } from './list';
import { createReception, deleteReception, getReception, updateReception } from './service';

export const handler = resourceHandler(receptionRoutes, {
  receptionList: async ({ caller, list }) => answerList(await receptionList(caller, list), list),
  receptionGet: async ({ caller, params }) => getReception(caller, params.id),
  receptionCreate: async ({ caller, body }) => createReception(caller, body),
  receptionUpdate: async ({ caller, params, body }) => updateReception(caller, params.id, body),
  receptionDelete: async ({ caller, params, lang }) => {
    await deleteReception(caller, params.id);
    return { message: translate(lang, 'api.reception_deleted') };
  },
});
