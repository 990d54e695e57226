import { translate } from '@cellar/shared/i18n/messages';
import { resourceHandler } from '../platform/http';
import {
  createReception,
  deleteReception,
  exportReceptions,
  getReception,
  listReceptions,
  updateReception,
} from './service';

export const handler = resourceHandler('receptions', {
  receptionList: async ({ caller, list }) =>
    list.params.output === 'csv' ? exportReceptions(caller, list) : listReceptions(caller, list),
  receptionGet: async ({ caller, params }) => getReception(caller, params.id),
  receptionCreate: async ({ caller, body }) => createReception(caller, body),
  receptionUpdate: async ({ caller, params, body }) => updateReception(caller, params.id, body),
  receptionDelete: async ({ caller, params, lang }) => {
    await deleteReception(caller, params.id);
    return { message: translate(lang, 'api.reception_deleted') };
  },
});
