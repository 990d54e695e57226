/**
 * The business metrics (CloudWatch embedded metric format): one line on stdout per measure, which CloudWatch Logs
 * turns into a metric of namespace `Cellar` with the dimensions `service` and `env` (METRICS in the topology, which
 * the alarms and the dashboard read). Off in the local runtime, as Powertools is in its development mode, unless
 * POWERTOOLS_METRICS_DISABLED=false.
 */
import { config } from '../config/config';
import { METRICS } from '../config/topology';
import { logger } from './logger';

export type MetricName = keyof typeof METRICS.names;

/** Loaded by the first measure: most requests record none, and none should pay for it at cold start. */
let powertools: Promise<typeof import('@aws-lambda-powertools/metrics')> | undefined;

/** Publishes one measure at once (a single-metric line: nothing is lost if the function dies afterwards). */
export async function recordMetric(name: MetricName, value = 1): Promise<void> {
  powertools ??= import('@aws-lambda-powertools/metrics');
  const { Metrics, MetricUnit } = await powertools;
  const unit =
    name === 'importRowsPerSecond'
      ? MetricUnit.CountPerSecond
      : name === 'exportDuration'
        ? MetricUnit.Milliseconds
        : MetricUnit.Count;
  const metrics = new Metrics({
    namespace: METRICS.namespace,
    serviceName: METRICS.service,
    defaultDimensions: { env: config.appEnv },
    singleMetric: true,
  });
  try {
    metrics.addMetric(METRICS.names[name], unit, value);
  } catch (error) {
    // A measure never fails the work it measures.
    logger.warn('Metric not recorded', { name, error: error as Error });
  }
}
