import { translate } from '@cellar/shared/i18n/messages';
import { receptionRoutes } from '@cellar/shared/receptions/routes';
import { answerList } from '../platform/http/lists';
import { resourceHandler } from '../platform/http/pipeline';
import { receptionList } from './list';

// The list (the most frequent call) starts with the function; one reception and the writes, with their stock
// effects, load with the first call that needs them, which keeps the function's start under its size budget.
const service = () => import('./service');
const teller = () => import('./warehouse-messages').then((m) => m.tellReception);

export const handler = resourceHandler(receptionRoutes, {
  receptionList: async ({ caller, list, lang }) => answerList(await receptionList(caller, list), list, lang),
  receptionGet: async ({ caller, params }) => (await service()).getReception(caller, params.id),
  receptionTimeline: async ({ caller, params }) => (await service()).receptionTimeline(caller, params.id),
  receptionCreate: async ({ caller, body }) =>
    (await service()).createReception(caller, body, { tell: await teller() }),
  receptionUpdate: async ({ caller, params, body }) =>
    (await service()).updateReception(caller, params.id, body, { tell: await teller() }),
  receptionDelete: async ({ caller, params, lang }) => {
    await (await service()).deleteReception(caller, params.id, { tell: await teller() });
    return { message: translate(lang, 'api.reception_deleted') };
  },
});
