/**
 * X-Ray tracing (Powertools Tracer): a segment per invocation and a subsegment per AWS SDK call. On in Lambda with
 * active tracing; a no-op elsewhere (the local runtime, the tests), where it changes nothing.
 */
import { Tracer } from '@aws-lambda-powertools/tracer';

export const tracer = new Tracer({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'cellar' });
