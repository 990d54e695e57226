import { movementReason } from '@cellar/shared/stockMovements/reasons';
import { stockMovementRoutes } from '@cellar/shared/stockMovements/routes';
import { answerList } from '../platform/http/lists';
import { resourceHandler } from '../platform/http/pipeline';
import { movementList } from './list';

export const handler = resourceHandler(stockMovementRoutes, {
  // The page words each known reason in the caller's language (the stored text is the warehouse's, in French).
  stockMovementList: async ({ caller, list, lang }) => {
    const answer = await movementList(caller, list);
    return answerList(
      { ...answer, present: (rows) => rows.map((m) => ({ ...m, reason: movementReason(m, lang) })) },
      list,
      lang,
    );
  },
});
