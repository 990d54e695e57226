/**
 * The resend button (spec 2 §6) on a warehouse that says nothing: an order sent stays transmitting (005) for as long
 * as the test needs, whatever the machine's load. On a warehouse that acknowledges, the order could be acknowledged
 * (010) before the button was pressed, and the test then depended on which came first.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findOrder } from '../../functions/src/orders/repository';
import { ADMIN1, type Harness, SUPER, startHarness, USER1 } from './harness';
import { freshStock, orderBody, orderPlace } from './order-fixtures';

let h: Harness;
let at: { productId: string; warehouseId: string };
let recipient: string;

beforeAll(async () => {
  h = await startHarness({ warehouse: { stepMs: 600, plays: 'none' } });
  ({ recipient, at } = await orderPlace(h));
});
afterAll(() => h?.stop());

it('republishes an order still transmitting, and skips the others (resend button)', async () => {
  // Prepare: an order sent (published once), a draft.
  const stock = await freshStock(20, at);
  const sent = await h.call('POST', '/api/orders', { token: await h.login(USER1), body: orderBody(stock, recipient) });
  expect(sent.body.statusCode).toBe('005');
  const draft = await h.call('POST', '/api/orders', {
    token: await h.login(USER1),
    body: { segment: 'B2B', statusCode: '000', stocks: [] },
  });
  const first = (await findOrder(sent.body.id))?.transmittedAt;
  expect(first).toEqual(expect.any(String));
  // The clock moves on, so that a second publication is told apart by its time.
  await new Promise((r) => setTimeout(r, 20));

  // Act
  const res = await h.call('POST', '/api/orders/send-transmitting', {
    token: await h.login(SUPER),
    body: { orders: [{ id: sent.body.id }, { id: draft.body.id }] },
    lang: 'fr',
  });
  const byAdmin = await h.call('POST', '/api/orders/send-transmitting', {
    token: await h.login(ADMIN1),
    body: { orders: [{ id: sent.body.id }] },
  });

  // Assess: the transmitting order published again (its transmission time moved), the draft skipped, the client's
  // admin refused.
  expect(res.status, res.text).toBe(200);
  expect(res.body).toEqual({
    message: 'Les commandes en cours de transmission ont été renvoyées.',
    sent: [sent.body.id],
    skipped: [draft.body.id],
  });
  expect(byAdmin.status).toBe(403);
  const after = await findOrder(sent.body.id);
  expect(after?.statusCode).toBe('005');
  expect(after?.transmittedAt && first && after.transmittedAt > first).toBe(true);
});
