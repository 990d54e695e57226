/**
 * The warehouse's reports: SQS (warehouse-events) → here (see warehouse-message.ts). An acknowledgement moves a
 * transmitting order to entry (005 → 010) once: a repeated one finds it in 010 and does nothing. A packing list is
 * recorded on a sent order once. A malformed message is logged and dropped; anything else is retried by the queue.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { StaleVersionError } from '../errors';
import { correlationOfRecord, withCorrelation } from '../platform/correlation';
import { logger } from '../platform/logger';
import { tracedWorker } from '../platform/queue';
import { answered } from './outbox';
import { findOrder, type OrderItem, orderRecords } from './repository';
import { commit } from './service';
import { settleOrder } from './settle';
import { type WarehouseEvent, warehouseEvent } from './warehouse-message';

/** Applies a change to the order as it stands, again on a fresh read when another writer moved it meanwhile. */
async function onFreshOrder(id: string, change: (o: OrderItem) => Promise<unknown> | undefined) {
  for (let tries = 0; tries < 10; tries++) {
    const found = await findOrder(id);
    const o = found && (await settleOrder(found)).order;
    if (!o) return;
    try {
      await change(o);
      return;
    } catch (e) {
      if (!(e instanceof StaleVersionError)) throw e;
    }
  }
  throw new Error(`Order ${id} kept moving`);
}

export async function applyWarehouseEvent(e: WarehouseEvent): Promise<void> {
  if (e.type === 'order.acknowledged') {
    await onFreshOrder(e.orderId, (o) => (o.statusCode === '005' ? commit({ ...o, statusCode: '010' }, o) : undefined));
    await answered(e.orderId, 'order.transmitted');
    return;
  }
  await onFreshOrder(e.orderId, (o) =>
    o.packings.length === 0
      ? orderRecords.replace(
          {
            ...o,
            packings: e.packings,
            supportType: e.supportType,
            supportNumber: e.packings.length,
            updatedAt: new Date().toISOString(),
          },
          o,
        )
      : undefined,
  );
  await answered(e.orderId, 'order.sent');
}

export const handler = tracedWorker(async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    // The warehouse's own report: its logs are followed by the message's id.
    await withCorrelation(correlationOfRecord(record), async () => {
      let parsed: WarehouseEvent;
      try {
        parsed = warehouseEvent.parse(JSON.parse(record.body));
      } catch (error) {
        logger.error('Malformed warehouse event, dropped', { messageId: record.messageId, error: error as Error });
        return;
      }
      try {
        await applyWarehouseEvent(parsed);
      } catch (error) {
        logger.error('Warehouse event failed', { messageId: record.messageId, error: error as Error });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    });
  }
  return { batchItemFailures };
});
