import { stockMovementRoutes } from '@cellar/shared/stockMovements/routes';
import { resourceHandler } from '../platform/http';
import { answerList } from '../platform/lists';
import { movementList } from './service';

export const handler = resourceHandler(stockMovementRoutes, {
  stockMovementList: async ({ caller, list, lang }) => answerList(await movementList(caller, list), list, lang),
});
