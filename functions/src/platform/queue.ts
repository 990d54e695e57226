import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import middy from '@middy/core';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { WORK_QUEUE } from '../config/topology';
import { tracer } from './tracer';

/**
 * Whether this delivery is the message's last before the dead-letter queue: a worker then ends its job as
 * failed, so that nobody waits for it, and still reports the failure so that the message is kept for inspection.
 */
export const isLastAttempt = (record: SQSRecord) =>
  Number(record.attributes?.ApproximateReceiveCount ?? 1) >= WORK_QUEUE.maxReceives;

/**
 * A queue worker's Lambda handler, traced in X-Ray like the API's (platform/tracer.ts). The worker gets the
 * invocation's context: its remaining time (platform/time-budget.ts).
 */
export const tracedWorker = (worker: (event: SQSEvent, context: Context) => Promise<SQSBatchResponse>) =>
  middy<SQSEvent, SQSBatchResponse>()
    .use(captureLambdaHandler(tracer, { captureResponse: false }))
    .handler(worker);
