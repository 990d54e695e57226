/**
 * X-Ray tracing (Powertools Tracer): a segment per invocation and a subsegment per AWS SDK call. On in Lambda with
 * active tracing; a no-op elsewhere (the local runtime, the tests), where the X-Ray SDK is loaded in manual mode
 * (xray-mode.ts).
 */
// First: the X-Ray SDK reads its mode as it loads.
import './xray-mode';
import { Tracer } from '@aws-lambda-powertools/tracer';

export const tracer = new Tracer({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'cellar' });
