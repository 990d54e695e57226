/**
 * The sweep: finishes every document change a crash left half-applied (a change of more effects than one
 * transaction holds, recorded on its document step by step: stocks/ledger.ts), and publishes what the orders'
 * outbox still holds a minute after it was written (orders/outbox.ts). Scheduled every few minutes in AWS; the local
 * runtime runs it at start and on a timer. A change is complete or undone after it, and told to the warehouse.
 */

import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import middy from '@middy/core';
import { keys } from '../data/keys';
import { deleteItem, queryAll } from '../data/table';
import { outboxEntries } from '../orders/outbox';
import { orderRecords } from '../orders/repository';
import { orderKind } from '../orders/settle';
import { deliverOutbox } from '../orders/transmission';
import { logger } from '../platform/logger';
import { tracer } from '../platform/tracer';
import { receptionRecords } from '../receptions/repository';
import { receptionKind } from '../receptions/settle';
import { PENDING_LEDGER, refreshPending, settle } from '../stocks/ledger';

export interface SweepResult {
  /** Changes found pending and completed (or undone). */
  settled: number;
  /** Outbox entries published again. */
  published: number;
}

/**
 * An outbox entry published (or written) less than this ago is left alone: the request that wrote it publishes at
 * once, and the warehouse answers within seconds.
 */
export const OUTBOX_GRACE_MS = 60_000;

/** Publications per sweep at most: the rest wait for the next one (a sweep stays well within its timeout). */
export const OUTBOX_PER_SWEEP = 500;

/**
 * Completes the pending changes of documents and publishes the outbox entries that are due (outbox.ts: unanswered
 * `graceMs` after they were written, then waiting twice as long each time; `graceMs` 0 publishes every entry once,
 * when no process can be publishing them: the local runtime at start).
 */
export async function sweep(graceMs = OUTBOX_GRACE_MS): Promise<SweepResult> {
  let settled = 0;
  for await (const pending of queryAll({ pk: PENDING_LEDGER })) {
    const [kind, ownerId, id] = String(pending.SK).split('#') as [string, string, string];
    const key = { PK: String(pending.PK), SK: String(pending.SK) };
    if (kind === 'order') {
      const o = await orderRecords.get(keys.order(ownerId, id));
      if (o?.transition) await settle(orderKind, o);
      else await deleteItem(key);
    } else if (kind === 'reception') {
      const r = await receptionRecords.get(keys.reception(ownerId, id));
      if (r?.transition) await settle(receptionKind, r);
      else await deleteItem(key);
    } else if (kind === 'refresh') {
      // Lines an atomic allocation moved, whose derived keys its request did not get to refresh.
      await refreshPending(pending);
    } else {
      logger.error('Unknown pending change', { key });
      continue;
    }
    settled += 1;
  }
  let published = 0;
  for await (const entry of outboxEntries(Date.now(), graceMs)) {
    if (published >= OUTBOX_PER_SWEEP) break;
    if (await deliverOutbox(entry)) published += 1;
  }
  if (settled || published) logger.info('sweep', { settled, published });
  return { settled, published };
}

export const handler = middy()
  .use(captureLambdaHandler(tracer, { captureResponse: false }))
  .handler(async () => {
    await sweep();
  });
