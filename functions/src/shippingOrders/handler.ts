import { shippingOrderRoutes } from '@cellar/shared/shippingOrders/routes';
import { answerList } from '../platform/http/lists';
import { resourceHandler } from '../platform/http/pipeline';
import { shippingOrderList } from './list';
import { cancelShippingOrder, createShippingOrder, getShippingOrder, updateShippingOrder } from './service';

/** The warehouse is told at once of what a write put in the outbox (loaded with the first write). */
const teller = () => import('./warehouse-messages').then((m) => m.tellShippingOrder);

export const handler = resourceHandler(shippingOrderRoutes, {
  shippingOrderList: async ({ caller, list, lang }) => answerList(await shippingOrderList(caller, list), list, lang),
  shippingOrderGet: async ({ caller, params }) => getShippingOrder(caller, params.id),
  shippingOrderCreate: async ({ caller, body }) => createShippingOrder(caller, body, { tell: await teller() }),
  shippingOrderUpdate: async ({ caller, params, body }) =>
    updateShippingOrder(caller, params.id, body, { tell: await teller() }),
  shippingOrderDelete: async ({ caller, params, lang }) => {
    await cancelShippingOrder(caller, params.id, { tell: await teller() });
    // The messages of every language load with the first cancellation, not with the function.
    const { translate } = await import('@cellar/shared/i18n/messages');
    return { message: translate(lang, 'api.shipping_order_cancelled') };
  },
});
