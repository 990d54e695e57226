/**
 * The scheduled recount (daily in AWS; `POST /_ops/recount` on the local runtime): every entity that keeps counters
 * is read whole and its drifted counters repaired (see data/counters.ts). Logged, never user-facing.
 */
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import middy from '@middy/core';
import { logRecords } from '../activityLogs/service';
import { contactRecords } from '../contacts/repository';
import { type RecountResult, recount } from '../data/counters';
import { orderRecords } from '../orders/repository';
import { logger } from '../platform/logger';
import { tracer } from '../platform/tracer';
import { productRecords } from '../products/repository';
import { receptionRecords } from '../receptions/repository';
import { shippingOrderRecords } from '../shippingOrders/repository';
import { movementRecords } from '../stockMovements/repository';
import { stockRecords } from '../stocks/repository';

/** The recounts of the entities whose totals are kept by counters. */
const COUNTED = [
  () => recount(contactRecords),
  () => recount(productRecords),
  () => recount(stockRecords),
  () => recount(movementRecords),
  () => recount(receptionRecords),
  () => recount(orderRecords),
  () => recount(shippingOrderRecords),
  () => recount(logRecords),
];

export async function recountAll(): Promise<RecountResult[]> {
  const results: RecountResult[] = [];
  for (const run of COUNTED) {
    const result = await run();
    logger.info('recount', { ...result, repaired: result.repaired.length, repairs: result.repaired.slice(0, 20) });
    results.push(result);
  }
  return results;
}

export const handler = middy()
  .use(captureLambdaHandler(tracer, { captureResponse: false }))
  .handler(async () => {
    await recountAll();
  });
