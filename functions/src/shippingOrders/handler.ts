import { shippingOrderRoutes } from '@cellar/shared/shippingOrders/routes';
import { resourceHandler } from '../platform/http';
import { answerList } from '../platform/lists';
import { shippingOrderList } from './list';
import { createShippingOrder, getShippingOrder, updateShippingOrder } from './service';

export const handler = resourceHandler(shippingOrderRoutes, {
  shippingOrderList: async ({ caller, list, lang }) => answerList(await shippingOrderList(caller, list), list, lang),
  shippingOrderGet: async ({ caller, params }) => getShippingOrder(caller, params.id),
  shippingOrderCreate: async ({ caller, body }) => createShippingOrder(caller, body),
  shippingOrderUpdate: async ({ caller, params, body }) => updateShippingOrder(caller, params.id, body),
});
