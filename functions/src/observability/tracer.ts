/**
 * X-Ray tracing (Powertools Tracer): a segment per invocation and a subsegment per AWS SDK call. On in Lambda with
 * active tracing; a no-op elsewhere (the local runtime, the tests), where the X-Ray SDK is loaded in manual mode
 * (xray-mode.ts).
 */
// First: the X-Ray SDK reads its mode as it loads.
import './xray-mode';
import { Tracer } from '@aws-lambda-powertools/tracer';

export const tracer = new Tracer({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'cellar' });

/**
 * An AWS SDK client, each call traced, without the SDK's logger middleware: that one filters a copy of every input
 * and output for a logger even when there is none (the SDK's default logger does nothing), which cost about 6 % of
 * the functions' CPU in DynamoDB-heavy work (a batch write's items, a query's page, copied and thrown away).
 * Calls are logged by the functions' own logger, never by the SDK's.
 * @example const client = traced(new SQSClient({}));
 */
export function traced<T extends { middlewareStack: { remove(name: string): boolean } }>(client: T): T {
  client.middlewareStack.remove('loggerMiddleware');
  return tracer.captureAWSv3Client(client);
}
