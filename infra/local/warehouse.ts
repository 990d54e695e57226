/**
 * The simulated warehouse of the local runtime: it consumes the warehouse-orders queue as the provider's warehouse
 * system does in AWS, and answers on the warehouse-events queue after a short delay, so the demo lives:
 *   order.transmitted → order.acknowledged (the order moves 005 → 010)
 *   order.sent        → order.packed (cartons of `pcb` bottles, each with its GS1 SSCC-18)
 */
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { buildPackings } from '@cellar/functions/orders/packing';
import { type WarehouseEvent, warehouseOrderMessage } from '@cellar/functions/orders/warehouse-message';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';

export interface WarehouseOptions {
  sqs: SQSClient;
  eventsQueueUrl: string;
  /** How long the warehouse takes to answer. */
  delayMs: number;
}

/** The warehouse's SSCC serials go on from the clock, so that a restarted runtime never repeats one. */
let serial = Math.floor(Date.now() / 1000) % 10_000_000;

export function simulatedWarehouse(o: WarehouseOptions) {
  const answer = (event: WarehouseEvent) =>
    o.sqs.send(new SendMessageCommand({ QueueUrl: o.eventsQueueUrl, MessageBody: JSON.stringify(event) }));
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
    await new Promise((r) => setTimeout(r, o.delayMs));
    for (const record of event.Records) {
      try {
        const m = warehouseOrderMessage.parse(JSON.parse(record.body));
        const at = new Date().toISOString();
        if (m.type === 'order.transmitted') {
          await answer({ type: 'order.acknowledged', orderId: m.orderId, at });
        } else {
          const packings = buildPackings(
            m.lines.map((l) => ({ ...l, quantity: l.prepared ?? l.ordered })),
            serial,
          );
          serial += packings.length;
          await answer({ type: 'order.packed', orderId: m.orderId, packings, supportType: 'CARTON', at });
        }
      } catch {
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures };
  };
}
