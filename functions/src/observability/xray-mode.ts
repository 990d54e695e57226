/**
 * Outside Lambda (the local runtime, the tests, the benchmarks) nothing is traced: the Tracer is off and there is no
 * X-Ray daemon. There the X-Ray SDK is put in manual mode before it loads, or its automatic mode would hook every
 * promise of the process (cls-hooked's async hooks: in a burst of 50 sends, about a tenth of the local runtime's CPU
 * and a third of its garbage collection, `npm run bench:history`). In Lambda this changes nothing.
 * Imported by observability/tracer.ts before the Tracer.
 */
if (!process.env.AWS_LAMBDA_FUNCTION_NAME) process.env.AWS_XRAY_MANUAL_MODE ??= 'true';
