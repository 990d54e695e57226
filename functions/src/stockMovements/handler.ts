import { stockMovementRoutes } from '@cellar/shared/stockMovements/routes';
import { resourceHandler } from '../platform/http';
import { exportMovements, listMovements } from './service';

export const handler = resourceHandler(stockMovementRoutes, {
  stockMovementList: async ({ caller, list }) =>
    list.params.output === 'csv' ? exportMovements(caller, list) : listMovements(caller, list),
});
