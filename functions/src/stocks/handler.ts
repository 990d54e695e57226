import { stockRoutes } from '@cellar/shared/stocks/routes';
import { resourceHandler } from '../platform/http';
import { answerList } from '../platform/lists';
import { stockList, stockQualities } from './service';

export const handler = resourceHandler(stockRoutes, {
  stockList: async ({ caller, list, lang }) => answerList(await stockList(caller, list), list, lang),
  stockQualities: async () => stockQualities(),
});
