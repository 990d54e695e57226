/**
 * Transmission to the warehouse (issue 10) through the local runtime and its simulated warehouse: a send is
 * published and acknowledged (005 → 010) without anyone reloading; an acknowledgement received twice moves the
 * order once; the order's PDF (the resend button: order-resend.test.ts).
 */
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOrder } from '../../functions/src/orders/repository';
import { applyReport } from '../../functions/src/wms/worker';
import { CREDENTIALS, REGION } from '../../infra/local/emulators';
import { type Harness, SUPER, startHarness, USER1 } from './harness';
import { freshStock, orderBody, orderPlace } from './order-fixtures';
import { wmsReportOf } from './wms';

let h: Harness;
let at: { productId: string; warehouseId: string };
let recipient: string;

beforeAll(async () => {
  h = await startHarness({ warehouse: { stepMs: 600, plays: 'acknowledge' } });
  ({ recipient, at } = await orderPlace(h));
});
afterAll(() => h?.stop());

const get = async (id: string) => (await h.call('GET', `/api/orders/${id}`, { token: await h.login(USER1) })).body;
/** Reads the order until it satisfies `done` (the warehouse answers within a few seconds). */
async function until(id: string, done: (o: any) => boolean) {
  for (let i = 0; i < 100; i++) {
    const o = await get(id);
    if (done(o)) return o;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`order ${id} never got there`);
}
const sendOrder = async () => {
  const s = await freshStock(20, at);
  return h.call('POST', '/api/orders', { token: await h.login(USER1), body: orderBody(s, recipient) });
};

describe('the warehouse acknowledges what is sent', () => {
  it('moves a sent order from 005 to 010 by itself', async () => {
    // Act
    const sent = await sendOrder();
    // Assess
    expect(sent.body.statusCode).toBe('005');
    expect((await until(sent.body.id, (o) => o.statusCode === '010')).statusCode).toBe('010');
  });

  it('moves the order once for an acknowledgement received twice', async () => {
    // Prepare
    const sent = await sendOrder();
    await until(sent.body.id, (o) => o.statusCode === '010');
    await h.call('PUT', `/api/orders/${sent.body.id}`, { token: await h.login(SUPER), body: { statusCode: '020' } });
    const sqs = new SQSClient({
      endpoint: h.runtime.env.AWS_ENDPOINT_URL_SQS,
      region: REGION,
      credentials: CREDENTIALS,
    });
    // Act: an acknowledgement again, as a redelivery would bring it (its seq is not news)
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: h.runtime.env.WAREHOUSE_EVENTS_QUEUE_URL,
        MessageBody: JSON.stringify(wmsReportOf('order.acknowledged', sent.body.id, { seq: 1 })),
      }),
    );
    await new Promise((r) => setTimeout(r, 2500));
    // Assess
    expect((await get(sent.body.id)).statusCode).toBe('020');
  });

  it('applies three acknowledgements racing on one order as one change', async () => {
    // Prepare
    const sent = await sendOrder();
    const before = await findOrder(sent.body.id);
    // A seq above any the simulated warehouse gives (it counts on from the clock's milliseconds): its own
    // acknowledgement of the order, 600 ms after the send, changes nothing asserted here whether a loaded machine
    // lets it land before the three or after them (then it is stale).
    const seq = Number.MAX_SAFE_INTEGER;
    const ack = wmsReportOf('order.acknowledged', sent.body.id, { seq });
    // Act
    const outcomes = await Promise.all([applyReport(ack), applyReport(ack), applyReport(ack)]);
    // Assess: one versioned write (005 → 010), the other two stale
    const after = await findOrder(sent.body.id);
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    expect(after?.statusCode).toBe('010');
    expect(after?.wmsSeq).toBe(seq);
    expect(after?.version).toBeGreaterThan(before?.version ?? 0);
  });
});

describe('GET /api/orders/{id}/pdf', () => {
  it('answers the document named after the reference, in the caller’s language, and its base64 variant', async () => {
    // Prepare
    const sent = await sendOrder();
    await until(sent.body.id, (o) => o.statusCode === '010');
    const token = await h.login(USER1);
    // Act
    const res = await h.fetch(`/api/orders/${sent.body.id}/pdf`, {
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'fr' },
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    const json = await h.call('GET', `/api/orders/${sent.body.id}/pdf?output=json`, { token });
    // Assess
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${sent.body.reference}.pdf"`);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain(`(${sent.body.reference})`);
    expect(json.body).toMatchObject({ filename: `${sent.body.reference}.pdf`, contentType: 'application/pdf' });
    expect(Buffer.from(json.body.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('is refused while the order is a draft or transmitting', async () => {
    const draft = await h.call('POST', '/api/orders', {
      token: await h.login(USER1),
      body: { segment: 'B2B', statusCode: '000', stocks: [] },
    });
    const res = await h.call('GET', `/api/orders/${draft.body.id}/pdf`, { token: await h.login(USER1) });
    expect(res.status).toBe(422);
  });
});
