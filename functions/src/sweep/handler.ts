/**
 * The sweep: finishes every document change a crash left half-applied (a change of more effects than one
 * transaction holds, recorded on its document step by step: stocks/ledger.ts), and publishes what the
 * warehouse's outbox still holds a minute after it was written (outbox/outbox.ts), and hands out the webhook events
 * and deliveries left behind (webhooks/events.ts). Scheduled every few minutes in AWS; the local
 * runtime runs it at start and on a timer. A change is complete or undone after it, and told to the warehouse.
 */

import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { keys } from '../data/keys';
import { deleteItem, queryAll } from '../data/table';
import { deliverNotification, dueNotifications } from '../notifications/status-mail';
import { logger } from '../observability/logger';
import { tracer } from '../observability/tracer';
import { orderRecords } from '../orders/repository';
import { orderKind } from '../orders/settle';
import { toldOrder } from '../orders/warehouse-messages';
import { outboxEntries, type ToldKind } from '../outbox/outbox';
import { deliverOutbox } from '../outbox/publish';
import type { ToldDocument } from '../outbox/told';
import { type TimeBudget, timeBudget, UNLIMITED } from '../platform/messaging/time-budget';
import { receptionRecords } from '../receptions/repository';
import { receptionKind } from '../receptions/settle';
import { toldReception } from '../receptions/warehouse-messages';
import { toldShippingOrder } from '../shippingOrders/warehouse-messages';
import { PENDING_LEDGER, refreshPending, settle } from '../stocks/ledger';
import { dueClientEvents, handOut, workDocument } from '../webhooks/events';
import { dueDeliveries } from '../webhooks/repository';

/** What builds the message of each kind of document the outbox holds. */
const TOLD: Record<ToldKind, ToldDocument> = {
  order: toldOrder,
  reception: toldReception,
  shippingOrder: toldShippingOrder,
};

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
export async function sweep(graceMs = OUTBOX_GRACE_MS, budget: TimeBudget = UNLIMITED): Promise<SweepResult> {
  let settled = 0;
  let published = 0;
  const failed: string[] = [];
  /**
   * One entry's work, in the budget. An entry that fails (an e-mail service down, an address not found) is logged
   * and left for the next sweep; the entries after it go on, so that none blocks the others for good.
   */
  const attempt = async (what: string, run: () => Promise<unknown>): Promise<boolean> => {
    try {
      await budget.step(run);
      return true;
    } catch (error) {
      logger.error('Sweep step failed', { what, error: error as Error });
      failed.push(what);
      return false;
    }
  };
  for await (const pending of queryAll({ pk: PENDING_LEDGER })) {
    // What is left waits for the next sweep, minutes away.
    if (!budget.allowsAnother()) break;
    const [kind, ownerId, id] = String(pending.SK).split('#') as [string, string, string];
    const key = { PK: String(pending.PK), SK: String(pending.SK) };
    if (kind !== 'order' && kind !== 'reception' && kind !== 'refresh') {
      logger.error('Unknown pending change', { key });
      continue;
    }
    const done = await attempt(key.SK, async () => {
      if (kind === 'order') {
        const o = await orderRecords.get(keys.order(ownerId, id));
        if (o?.transition) await settle(orderKind, o);
        else await deleteItem(key);
      } else if (kind === 'reception') {
        const r = await receptionRecords.get(keys.reception(ownerId, id));
        if (r?.transition) await settle(receptionKind, r);
        else await deleteItem(key);
      } else {
        // Lines an atomic allocation moved, whose derived keys its request did not get to refresh.
        await refreshPending(pending);
      }
    });
    if (done) settled += 1;
  }
  const room = () => published < OUTBOX_PER_SWEEP && budget.allowsAnother();
  for await (const entry of outboxEntries(Date.now(), graceMs)) {
    if (!room()) break;
    let told = false;
    await attempt(entry.SK, async () => {
      told = await deliverOutbox(entry, TOLD[entry.kind]);
    });
    if (told) published += 1;
  }
  // The e-mails a warehouse report called for that its worker did not get to send.
  for await (const entry of dueNotifications(Date.now(), graceMs)) {
    if (!room()) break;
    if (await attempt(entry.SK, () => deliverNotification(entry))) published += 1;
  }
  // The webhook events a change wrote that its request did not get to hand out, and the deliveries due that no
  // queue message is bringing (their worker died, or the local queue, in memory, was lost with its process).
  for await (const entry of dueClientEvents(Date.now(), graceMs)) {
    if (!room()) break;
    if (await attempt(entry.SK, () => handOut(entry))) published += 1;
  }
  const asked = new Set<string>();
  for await (const due of dueDeliveries(new Date(Date.now() - graceMs).toISOString())) {
    const key = `${due.endpointId} ${due.documentKey}`;
    if (asked.has(key)) continue;
    if (!room()) break;
    asked.add(key);
    if (await attempt(key, () => workDocument(due.endpointId, due.documentKey))) published += 1;
  }
  if (settled || published || failed.length) logger.info('sweep', { settled, published, failed: failed.length });
  // The invocation fails, for the function's errors alarm, once everything else is done.
  if (failed.length) throw new SweepError({ settled, published }, failed);
  return { settled, published };
}

/** A sweep that did what it could, and failed on some entries (left for the next sweep). */
export class SweepError extends Error {
  constructor(
    readonly result: SweepResult,
    readonly failed: string[],
  ) {
    super(
      `The sweep failed on ${failed.length} entr${failed.length === 1 ? 'y' : 'ies'}: ${failed.slice(0, 5).join(', ')}`,
    );
    this.name = 'SweepError';
  }
}

export const handler = middy()
  .use(captureLambdaHandler(tracer, { captureResponse: false }))
  .handler(async (_event: unknown, context: Context) => {
    await sweep(OUTBOX_GRACE_MS, timeBudget(context));
  });
