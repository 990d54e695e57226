import { translate } from '@cellar/shared/i18n/messages';
import { orderRoutes } from '@cellar/shared/orders/routes';
import { answerList } from '../platform/http/lists';
import { resourceHandler } from '../platform/http/pipeline';
import { orderList } from './list';

// The list (the most frequent call) starts with the function; the writes and their stock effects load with the
// first call that needs them, which keeps the function's start under its size budget.
const service = () => import('./service');
const transmission = () => import('./transmission');
const teller = () => import('./warehouse-messages').then((m) => m.tellOrder);

export const handler = resourceHandler(orderRoutes, {
  orderList: async ({ caller, list, lang }) => answerList(await orderList(caller, list), list, lang),
  orderCountries: async ({ caller, lang }) => {
    const names = new Intl.DisplayNames([lang], { type: 'region' });
    return (await (await service()).listCountries(caller)).map((code) => ({ code, country: names.of(code) ?? code }));
  },
  orderSendTransmitting: async ({ caller, body, lang }) => {
    const result = await (await transmission()).sendTransmitting(
      caller,
      body.orders.map((o) => o.id),
    );
    return { message: translate(lang, 'order.send-transmitting-orders.success'), ...result };
  },
  orderGet: async ({ caller, params }) => (await service()).getOrder(caller, params.id),
  orderCarrier: async ({ caller, params }) => (await service()).getOrderCarrier(caller, params.id),
  orderService: async ({ caller, params }) => (await service()).getOrderService(caller, params.id),
  orderTimeline: async ({ caller, params }) => (await service()).orderTimeline(caller, params.id),
  orderCancel: async ({ caller, params }) => (await service()).cancelOrder(caller, params.id, { tell: await teller() }),
  orderCreate: async ({ caller, body, headers }) =>
    (await service()).createOrder(caller, body, headers['idempotency-key'] || undefined, { tell: await teller() }),
  orderUpdate: async ({ caller, params, body }) =>
    (await service()).updateOrder(caller, params.id, body, { tell: await teller() }),
  orderDelete: async ({ caller, params, lang }) => {
    await (await service()).deleteOrder(caller, params.id);
    return { message: translate(lang, 'api.order_deleted') };
  },
});
