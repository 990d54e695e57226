import { stockRoutes } from '@cellar/shared/stocks/routes';
import { resourceHandler } from '../platform/http';
import { exportStocks, listStocks, stockQualities } from './service';

export const handler = resourceHandler(stockRoutes, {
  stockList: async ({ caller, list }) =>
    list.params.output === 'csv' ? exportStocks(caller, list) : listStocks(caller, list),
  stockQualities: async () => stockQualities(),
});
