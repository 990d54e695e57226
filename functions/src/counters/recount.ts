/**
 * The scheduled recount (nightly in AWS; `POST /_ops/recount` on the local runtime): every entity that keeps counters
 * is read whole and its drifted counters repaired (see data/counters.ts). Logged, never user-facing.
 *
 * In AWS it runs in segments, one entity each, as long as the invocation's time allows (platform/messaging/time-budget.ts):
 * the run's progress (the entities done) is an item of its own, saved after each entity, and the schedule's next
 * invocation that night goes on from there; once every entity is done, the night's later invocations do nothing.
 */
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { logRecords } from '../activityLogs/service';
import { contactRecords } from '../contacts/repository';
import { type RecountResult, recount } from '../data/counters';
import type { Entity } from '../data/entity';
import { getItem, putItem } from '../data/table';
import { logger } from '../observability/logger';
import { tracer } from '../observability/tracer';
import { orderRecords } from '../orders/repository';
import { type TimeBudget, timeBudget } from '../platform/messaging/time-budget';
import { productRecords } from '../products/repository';
import { recountSummaries } from '../products/summary-recount';
import { receptionRecords } from '../receptions/repository';
import { shippingOrderRecords } from '../shippingOrders/repository';
import { movementRecords } from '../stockMovements/repository';
import { stockRecords } from '../stocks/repository';

/** An entity's recount, named after it: a segment of a run. */
const counted = <T extends { id: string }>(entity: Entity<T>) =>
  [entity.name, () => recount(entity)] as const satisfies readonly [string, () => Promise<RecountResult>];

/**
 * The recounts of a run, in order: each entity that declares counters (`counters` in its definition; recount.test.ts
 * reads every definition of the functions and fails when one is missing here), then the products' stock summaries.
 */
export const COUNTED: readonly (readonly [string, () => Promise<RecountResult>])[] = [
  counted(contactRecords),
  counted(productRecords),
  ['productSummary', () => recountSummaries()],
  counted(stockRecords),
  counted(movementRecords),
  counted(receptionRecords),
  counted(orderRecords),
  counted(shippingOrderRecords),
  counted(logRecords),
];

/** How long a run's progress is kept. */
const PROGRESS_KEPT_DAYS = 7;

/** The item holding a run's progress. */
export const recountProgressKey = (run: string) => ({ PK: 'RECOUNT', SK: run });

async function recountOne(run: () => Promise<RecountResult>): Promise<RecountResult> {
  const result = await run();
  logger.info('recount', { ...result, repaired: result.repaired.length, repairs: result.repaired.slice(0, 20) });
  return result;
}

/** Every entity at once (the local runtime's `POST /_ops/recount`). */
export async function recountAll(): Promise<RecountResult[]> {
  const results: RecountResult[] = [];
  for (const [, run] of COUNTED) results.push(await recountOne(run));
  return results;
}

export interface RecountSegments {
  /** The entities this invocation recounted. */
  results: RecountResult[];
  /** The entities the run still has to recount. */
  left: number;
}

/**
 * Goes on with the run named `run`: recounts the entities it has not done yet, one at a time, saving its progress
 * after each, while `budget` allows another.
 * @example await recountSegments('2026-11-26', timeBudget(context))
 */
export async function recountSegments(run: string, budget: TimeBudget): Promise<RecountSegments> {
  const progress = await getItem<{ done?: string[] }>(recountProgressKey(run));
  const done = new Set(progress?.done ?? []);
  const results: RecountResult[] = [];
  for (const [name, recountEntity] of COUNTED) {
    if (done.has(name)) continue;
    if (!budget.allowsAnother()) break;
    results.push(await budget.step(() => recountOne(recountEntity)));
    done.add(name);
    await putItem({
      ...recountProgressKey(run),
      done: [...done],
      ttl: Math.floor(Date.now() / 1000) + PROGRESS_KEPT_DAYS * 24 * 3600,
    });
  }
  const left = COUNTED.length - done.size;
  logger.info('recount run', { run, recounted: results.map((r) => r.entity), left });
  return { results, left };
}

/**
 * The run an invocation belongs to: the night of its schedule (EventBridge's `time`, one run a UTC day), or the
 * `run` a manual invocation names (invoked again with the same name, it goes on where it stopped).
 */
export const runOf = (event: { run?: string; time?: string } | undefined, now = new Date()): string =>
  event?.run ?? (event?.time ?? now.toISOString()).slice(0, 10);

export const handler = middy<{ run?: string; time?: string }>()
  .use(captureLambdaHandler(tracer, { captureResponse: false }))
  .handler(async (event, context: Context) => {
    await recountSegments(runOf(event), timeBudget(context));
  });
