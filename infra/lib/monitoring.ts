import { Duration, Stack } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  Metric,
  Stats,
  TextWidget,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Operation, type Table } from 'aws-cdk-lib/aws-dynamodb';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { METRICS, WORK_QUEUE } from '../../functions/src/config/topology';
import type { CellarFunction } from './constructs/cellar-function';
import type { WorkQueue } from './constructs/work-queue';
import { edgeWebAclName } from './waf';

const FIVE_MINUTES = Duration.minutes(5);

/**
 * The thresholds of the alarms, in one place (the runbook in infra/README.md explains each alarm). Counts are per
 * five minutes unless said otherwise.
 */
export const ALARM_THRESHOLDS = {
  /** Per cent of the API's requests answered 5xx, three periods in a row. */
  api5xxPercent: 5,
  /** The API's p99 latency (ms, integration included), three periods in a row: above, users wait. */
  apiP99LatencyMs: 5_000,
  /** A Lambda's errors (unhandled exceptions and timeouts; answered 4xx/5xx are not errors). */
  functionErrors: 1,
  /** A Lambda's throttled invocations. */
  functionThrottles: 1,
  /** DynamoDB requests throttled, all operations. */
  tableThrottles: 1,
  /** Requests a web ACL blocked: a few are background noise, this many is an attack or a misconfiguration. */
  wafBlocked: 100,
  /** Sign-ins refused because an account or a source is locked: a credential-stuffing run. */
  signInLockouts: 20,
  /** Import rows refused, over an hour: a client's file or a template change gone wrong. */
  importRowsRefusedPerHour: 500,
} as const;

export interface AlarmTopicProps {
  /** Subscribed by e-mail (the address confirms once); without one, subscribe by hand. */
  readonly email?: string;
}

/**
 * Where the alarms of a region go: an SNS topic encrypted with a key CloudWatch may use (the AWS-managed SNS key
 * cannot be used by CloudWatch alarms), TLS enforced.
 */
export class AlarmTopic extends Construct {
  readonly topic: Topic;
  readonly action: SnsAction;

  constructor(scope: Construct, id: string, props: AlarmTopicProps) {
    super(scope, id);
    const key = new Key(this, 'Key', {
      description: `Encrypts the alarm topic of ${Stack.of(this).stackName}`,
      enableKeyRotation: true,
    });
    // CloudWatch publishes the alarm to the encrypted topic: it must be able to use the key.
    key.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.topic = new Topic(this, 'Topic', {
      displayName: `Cellar alarms (${Stack.of(this).stackName})`,
      masterKey: key,
      enforceSSL: true,
    });
    if (props.email) this.topic.addSubscription(new EmailSubscription(props.email));
    this.action = new SnsAction(this.topic);
  }
}

/** An alarm on `metric` at `threshold` or more, sent to `topic`, named `<prefix>-<name>`; no data is no alarm. */
export function alarmOn(
  scope: Construct,
  topic: AlarmTopic,
  prefix: string,
  name: string,
  props: { metric: IMetric; threshold: number; periods?: number; description: string },
): Alarm {
  const alarm = new Alarm(scope, `Alarm-${name}`, {
    alarmName: `${prefix}-${name}`,
    alarmDescription: `${props.description} (runbook: infra/README.md, alarm ${name})`,
    metric: props.metric,
    threshold: props.threshold,
    evaluationPeriods: props.periods ?? 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  alarm.addAlarmAction(topic.action);
  return alarm;
}

/** A web ACL's requests blocked by any rule (its `metricName` is the WebACL dimension). */
export function wafBlockedRequests(webAclMetricName: string, region?: string): Metric {
  return new Metric({
    namespace: 'AWS/WAFV2',
    metricName: 'BlockedRequests',
    // CLOUDFRONT web ACLs have no Region dimension; REGIONAL ones do.
    dimensionsMap: { WebACL: webAclMetricName, Rule: 'ALL', ...(region ? { Region: region } : {}) },
    statistic: Stats.SUM,
    period: FIVE_MINUTES,
  });
}

/** A business metric the functions publish (METRICS in functions/src/config/topology.ts). */
export function businessMetric(
  name: keyof typeof METRICS.names,
  appEnv: string,
  statistic: string = Stats.SUM,
  period = FIVE_MINUTES,
): Metric {
  return new Metric({
    namespace: METRICS.namespace,
    metricName: METRICS.names[name],
    dimensionsMap: { service: METRICS.service, env: appEnv },
    statistic,
    period,
  });
}

/** The DynamoDB operations the functions use (functions/src/data). */
const TABLE_OPERATIONS = [
  Operation.GET_ITEM,
  Operation.BATCH_GET_ITEM,
  Operation.QUERY,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.BATCH_WRITE_ITEM,
  Operation.TRANSACT_WRITE_ITEMS,
];

export interface ApiMonitoringProps {
  readonly appEnv: string;
  /** Names alarms and dashboard: `cellar-<env>`. */
  readonly prefix: string;
  readonly alarmEmail?: string;
  readonly api: RestApi;
  /** Every Cellar function, by service name. */
  readonly functions: ReadonlyMap<string, CellarFunction>;
  /** The service names of the queue workers (shown apart on the dashboard). */
  readonly workers: readonly string[];
  readonly queues: Readonly<Record<string, WorkQueue>>;
  readonly table: Table;
  /** The regional web ACL's metric name, if any. */
  readonly regionalWebAcl?: string;
}

/** The alarms of the API's region, their topic, and the dashboard of the whole environment. */
export class ApiMonitoring extends Construct {
  readonly topic: AlarmTopic;
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: ApiMonitoringProps) {
    super(scope, id);
    const { api, prefix, appEnv } = props;
    this.topic = new AlarmTopic(this, 'Alarms', { email: props.alarmEmail });
    const alarm = (name: string, p: Parameters<typeof alarmOn>[4]) => alarmOn(this, this.topic, prefix, name, p);

    for (const [name, queue] of Object.entries(props.queues)) {
      alarm(`dlq-${name}`, {
        metric: queue.deadLetterQueue.metricApproximateNumberOfMessagesVisible({
          statistic: Stats.MAXIMUM,
          period: FIVE_MINUTES,
        }),
        threshold: 1,
        description: `A message of the ${name} queue failed ${WORK_QUEUE.maxReceives} times and waits in its dead-letter queue`,
      });
    }

    const requests = api.metricCount({ statistic: Stats.SUM, period: FIVE_MINUTES });
    const serverErrors = api.metricServerError({ statistic: Stats.SUM, period: FIVE_MINUTES });
    alarm('api-5xx-rate', {
      metric: new MathExpression({
        expression: 'IF(requests > 0, 100 * errors / requests, 0)',
        usingMetrics: { requests, errors: serverErrors },
        label: 'API 5xx (% of requests)',
        period: FIVE_MINUTES,
      }),
      threshold: ALARM_THRESHOLDS.api5xxPercent,
      periods: 3,
      description: `More than ${ALARM_THRESHOLDS.api5xxPercent}% of the API's requests answered 5xx for 15 minutes`,
    });
    alarm('api-p99-latency', {
      metric: api.metricLatency({ statistic: Stats.p(99), period: FIVE_MINUTES }),
      threshold: ALARM_THRESHOLDS.apiP99LatencyMs,
      periods: 3,
      description: `The API's p99 latency above ${ALARM_THRESHOLDS.apiP99LatencyMs} ms for 15 minutes`,
    });

    for (const [service, { fn }] of props.functions) {
      alarm(`${service}-errors`, {
        metric: fn.metricErrors({ statistic: Stats.SUM, period: FIVE_MINUTES }),
        threshold: ALARM_THRESHOLDS.functionErrors,
        description: `The ${service} function failed (an unhandled error or a timeout)`,
      });
      alarm(`${service}-throttles`, {
        metric: fn.metricThrottles({ statistic: Stats.SUM, period: FIVE_MINUTES }),
        threshold: ALARM_THRESHOLDS.functionThrottles,
        description: `The ${service} function was throttled (account or reserved concurrency reached)`,
      });
    }

    const tableThrottles = props.table.metricThrottledRequestsForOperations({
      operations: TABLE_OPERATIONS,
      period: FIVE_MINUTES,
    });
    alarm('table-throttles', {
      metric: tableThrottles,
      threshold: ALARM_THRESHOLDS.tableThrottles,
      description: 'DynamoDB throttled requests to the table',
    });

    const regionalBlocked = props.regionalWebAcl
      ? wafBlockedRequests(props.regionalWebAcl, Stack.of(this).region)
      : undefined;
    if (regionalBlocked) {
      alarm('waf-api-blocked', {
        metric: regionalBlocked,
        threshold: ALARM_THRESHOLDS.wafBlocked,
        description: "The API's web ACL blocked many requests: someone calls the API without going through CloudFront",
      });
    }

    alarm('sign-in-lockouts', {
      metric: businessMetric('signInLockouts', appEnv),
      threshold: ALARM_THRESHOLDS.signInLockouts,
      description: 'Many sign-ins refused by a lock (account or source): likely a credential-stuffing run',
    });
    alarm('import-rows-refused', {
      metric: businessMetric('importRowsRefused', appEnv, Stats.SUM, Duration.hours(1)),
      threshold: ALARM_THRESHOLDS.importRowsRefusedPerHour,
      description: 'Many import rows refused within an hour',
    });

    this.dashboard = this.buildDashboard(props, { requests, serverErrors, tableThrottles, regionalBlocked });
  }

  private buildDashboard(
    props: ApiMonitoringProps,
    m: { requests: IMetric; serverErrors: IMetric; tableThrottles: IMetric; regionalBlocked?: Metric },
  ): Dashboard {
    const { api, appEnv } = props;
    const dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: props.prefix,
      defaultInterval: Duration.hours(6),
    });
    const graph = (title: string, left: IMetric[], right: IMetric[] = []) =>
      new GraphWidget({ title, left, right, width: 8, height: 6 });
    const clientErrors = api.metricClientError({ statistic: Stats.SUM, period: FIVE_MINUTES });
    const latency = (p: number) => api.metricLatency({ statistic: Stats.p(p), period: FIVE_MINUTES });

    const queues = Object.entries(props.queues);
    const workers = props.workers.map((service) => [service, props.functions.get(service)!.fn] as const);
    const business = (name: keyof typeof METRICS.names, statistic: string = Stats.SUM) =>
      businessMetric(name, appEnv, statistic).with({ label: `${METRICS.names[name]} (${statistic})` });

    dashboard.addWidgets(
      new TextWidget({
        markdown: `# Cellar ${appEnv}\nAlarms and what to do: infra/README.md, section Runbook.`,
        width: 24,
        height: 2,
      }),
    );
    dashboard.addWidgets(
      graph('API requests', [m.requests]),
      graph('API 4xx and 5xx', [clientErrors, m.serverErrors]),
      graph('API latency p50 / p99 (ms)', [latency(50), latency(99)]),
    );
    dashboard.addWidgets(
      graph(
        'Queues: messages visible',
        queues.map(([name, q]) =>
          q.queue.metricApproximateNumberOfMessagesVisible({ statistic: Stats.MAXIMUM, label: name }),
        ),
      ),
      graph(
        'Queues: age of oldest message (s)',
        queues.map(([name, q]) =>
          q.queue.metricApproximateAgeOfOldestMessage({ statistic: Stats.MAXIMUM, label: name }),
        ),
      ),
      graph(
        'Dead-letter queues: messages',
        queues.map(([name, q]) =>
          q.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ statistic: Stats.MAXIMUM, label: name }),
        ),
      ),
    );
    dashboard.addWidgets(
      graph(
        'Workers: invocations',
        workers.map(([s, fn]) => fn.metricInvocations({ statistic: Stats.SUM, label: s })),
      ),
      graph(
        'Workers: errors',
        workers.map(([s, fn]) => fn.metricErrors({ statistic: Stats.SUM, label: s })),
      ),
      graph(
        'Workers: duration p99 (ms)',
        workers.map(([s, fn]) => fn.metricDuration({ statistic: Stats.p(99), label: s })),
      ),
    );
    dashboard.addWidgets(
      graph('Orders', [business('ordersSent'), business('allocationConflicts'), business('receptionsClosed')]),
      graph(
        'Imports',
        [business('importRowsWritten'), business('importRowsRefused')],
        [business('importRowsPerSecond', Stats.AVERAGE)],
      ),
      graph('Sign-in', [business('signInFailures'), business('signInLockouts')]),
    );
    dashboard.addWidgets(
      graph('Exports: duration (ms)', [
        business('exportDuration', Stats.AVERAGE),
        business('exportDuration', Stats.MAXIMUM),
      ]),
      graph('DynamoDB: throttled requests', [m.tableThrottles]),
      graph('Web ACLs: blocked requests', [
        // CloudFront's web ACL publishes in us-east-1: the dashboard reads it there.
        wafBlockedRequests(edgeWebAclName(props.prefix)).with({ region: 'us-east-1', label: 'CloudFront (edge)' }),
        ...(m.regionalBlocked ? [m.regionalBlocked.with({ label: 'API (regional)' })] : []),
      ]),
    );
    return dashboard;
  }
}
