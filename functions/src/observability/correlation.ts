/**
 * The correlation id: one id per API request, carried into every log line the request causes, into the queue
 * messages it sends and into the workers' logs, so that one import or one order can be followed end to end.
 * An API request's id is API Gateway's request id (returned to the caller as `X-Correlation-Id`); a worker takes
 * the id of the message or the job it works on. Kept per asynchronous context, as the local runtime runs several
 * invocations at once in one process.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { SQSRecord } from 'aws-lambda';

/** The SQS message attribute, and the response header, that carry the id. */
export const CORRELATION_ATTRIBUTE = 'correlationId';
export const CORRELATION_HEADER = 'X-Correlation-Id';

const store = new AsyncLocalStorage<string>();

/** Runs `work` with `id` as the correlation id of everything it logs and sends. */
export const withCorrelation = <T>(id: string, work: () => T): T => store.run(id, work);

/** The id of the work under way, if any. */
export const correlationId = (): string | undefined => store.getStore();

/** The id a queue message carries, or the message's own id when its sender set none. */
export const correlationOfRecord = (record: SQSRecord): string =>
  record.messageAttributes?.[CORRELATION_ATTRIBUTE]?.stringValue ?? record.messageId;

/** The message attributes that pass the current id on, to spread into a SendMessage input. */
export function correlationAttributes() {
  const id = correlationId();
  return id ? { [CORRELATION_ATTRIBUTE]: { DataType: 'String', StringValue: id } } : undefined;
}
