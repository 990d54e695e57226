import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { METRICS } from '../../functions/src/config/topology';
import { ALARM_THRESHOLDS } from '../../infra/lib/monitoring';
import { resourcesOf, synthCellar } from './synth';

const { api, stacks } = synthCellar();

interface AlarmProps {
  AlarmName: string;
  MetricName?: string;
  Namespace?: string;
  Dimensions?: { Name: string; Value: unknown }[];
  Statistic?: string;
  ExtendedStatistic?: string;
  Threshold: number;
  EvaluationPeriods: number;
  AlarmActions: unknown[];
  Metrics?: { Id: string; Expression?: string; MetricStat?: { Metric: { MetricName: string; Namespace: string } } }[];
}
const alarms = Object.values(resourcesOf(api, 'AWS::CloudWatch::Alarm')).map(
  (a) => a.Properties as unknown as AlarmProps,
);
const alarmNamed = (name: string) => {
  const found = alarms.find((a) => a.AlarmName === `cellar-production-${name}`);
  if (!found) throw new Error(`No alarm ${name} among ${alarms.map((a) => a.AlarmName).join(', ')}`);
  return found;
};
const topicId = Object.keys(resourcesOf(api, 'AWS::SNS::Topic'))[0]!;
const functionIds = Object.keys(resourcesOf(api, 'AWS::Lambda::Function'));

describe('Monitoring: the alarm topic', () => {
  it('is one topic, encrypted with a rotated key CloudWatch may use, TLS only', () => {
    api.resourceCountIs('AWS::SNS::Topic', 1);
    api.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
    api.hasResourceProperties('AWS::KMS::Key', {
      EnableKeyRotation: true,
      KeyPolicy: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Principal: { Service: 'cloudwatch.amazonaws.com' },
            Action: ['kms:Decrypt', 'kms:GenerateDataKey*'],
          }),
        ]),
      },
    });
    api.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('subscribes the alarmEmail of the context, and nobody without one', () => {
    api.resourceCountIs('AWS::SNS::Subscription', 0);
    const { api: withEmail } = synthCellar({ alarmEmail: 'ops@cellar.example' });
    withEmail.resourceCountIs('AWS::SNS::Subscription', 1);
    withEmail.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@cellar.example',
      TopicArn: Match.anyValue(),
    });
  });

  it('counts one alarm per dead-letter queue, two per function, and one each for the API, table, web ACL and business', () => {
    // 5 dead-letter queues; API 5xx rate and p99; errors and throttles per function; table throttles; the API web
    // ACL's blocks; sign-in lockouts and refused import rows. The edge web ACL's alarm is in the edge stack.
    expect(alarms).toHaveLength(5 + 2 + 2 * stacks.api.functions.size + 1 + 1 + 2);
  });

  it('receives every alarm', () => {
    expect(alarms.length).toBeGreaterThan(10);
    for (const alarm of alarms) expect(alarm.AlarmActions, alarm.AlarmName).toEqual([{ Ref: topicId }]);
  });
});

describe('Monitoring: the alarms', () => {
  it('watches each dead-letter queue for any message', () => {
    // Prepare
    const dlqAlarms = alarms.filter((a) => a.AlarmName.includes('-dlq-'));
    const dlqNames = [
      stacks.data.importQueue,
      stacks.data.exportQueue,
      stacks.data.warehouseOrderQueue,
      stacks.data.warehouseEventQueue,
      stacks.data.webhookQueue,
    ].map((q) => stacks.data.resolve(q.deadLetterQueue.queueName) as unknown);
    // Assess
    expect(dlqAlarms.map((a) => a.AlarmName).sort()).toEqual(
      ['imports', 'exports', 'warehouse-orders', 'warehouse-events', 'webhooks']
        .map((q) => `cellar-production-dlq-${q}`)
        .sort(),
    );
    for (const alarm of dlqAlarms) {
      expect(alarm).toMatchObject({
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Namespace: 'AWS/SQS',
        Threshold: 1,
      });
    }
    // Each on a dead-letter queue of its own, not on the work queues.
    const watched = dlqAlarms.map((a) => JSON.stringify(a.Dimensions));
    expect(new Set(watched).size).toBe(5);
    for (const name of dlqNames) {
      const logicalId = JSON.stringify(name).match(/DeadLetters[A-Z0-9]+/)?.[0];
      expect(logicalId).toBeDefined();
      expect(watched.some((w) => w.includes(logicalId as string))).toBe(true);
    }
  });

  it.each(['errors', 'throttles'])('watches each function for %s', (kind) => {
    // Prepare
    const metricName = kind === 'errors' ? 'Errors' : 'Throttles';
    const watched = alarms
      .filter((a) => a.MetricName === metricName && a.Namespace === 'AWS/Lambda')
      .map((a) => (a.Dimensions!.find((d) => d.Name === 'FunctionName')!.Value as { Ref: string }).Ref);
    // Assess
    expect(watched.sort()).toEqual([...functionIds].sort());
    expect(functionIds).toHaveLength(stacks.api.functions.size);
  });

  it('watches the rate of API 5xx answers', () => {
    const alarm = alarmNamed('api-5xx-rate');
    expect(alarm.Threshold).toBe(ALARM_THRESHOLDS.api5xxPercent);
    expect(alarm.EvaluationPeriods).toBe(3);
    const metrics = alarm.Metrics!.map((m) => m.MetricStat?.Metric.MetricName ?? m.Expression);
    expect(metrics.sort()).toEqual(['5XXError', 'Count', 'IF(requests > 0, 100 * errors / requests, 0)'].sort());
  });

  it("watches the API's p99 latency", () => {
    expect(alarmNamed('api-p99-latency')).toMatchObject({
      Namespace: 'AWS/ApiGateway',
      MetricName: 'Latency',
      ExtendedStatistic: 'p99',
      Threshold: ALARM_THRESHOLDS.apiP99LatencyMs,
    });
  });

  it("watches the table's throttled requests, every operation the code uses", () => {
    const alarm = alarmNamed('table-throttles');
    const metrics = alarm.Metrics!.filter((m) => m.MetricStat);
    expect(metrics.length).toBeGreaterThanOrEqual(7);
    for (const m of metrics)
      expect(m.MetricStat!.Metric).toMatchObject({ MetricName: 'ThrottledRequests', Namespace: 'AWS/DynamoDB' });
  });

  it.each([
    ['sign-in-lockouts', METRICS.names.signInLockouts, ALARM_THRESHOLDS.signInLockouts],
    ['import-rows-refused', METRICS.names.importRowsRefused, ALARM_THRESHOLDS.importRowsRefusedPerHour],
  ])('watches the business metric behind %s, as the functions publish it', (name, metricName, threshold) => {
    expect(alarmNamed(name)).toMatchObject({
      Namespace: METRICS.namespace,
      MetricName: metricName,
      Statistic: 'Sum',
      Threshold: threshold,
      Dimensions: expect.arrayContaining([
        { Name: 'service', Value: METRICS.service },
        { Name: 'env', Value: 'production' },
      ]),
    });
    expect(alarmNamed(name).Dimensions).toHaveLength(2);
  });

  it('names the stage in the business dimensions', () => {
    const { api: staging } = synthCellar({ env: 'staging' });
    staging.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: METRICS.names.signInLockouts,
      Dimensions: Match.arrayWith([{ Name: 'env', Value: 'staging' }]),
    });
  });
});

describe('Monitoring: the dashboard', () => {
  // The body as CloudFormation joins it, each reference to a resource written REF.
  const joined = (
    Object.values(resourcesOf(api, 'AWS::CloudWatch::Dashboard'))[0]!.Properties.DashboardBody as {
      'Fn::Join': [string, unknown[]];
    }
  )['Fn::Join'][1]
    .map((part) => (typeof part === 'string' ? part : 'REF'))
    .join('');
  const widgets = (JSON.parse(joined) as { widgets: { properties: { title?: string; metrics?: unknown[][] } }[] })
    .widgets;
  /** Each graph's metrics as `namespace name dimension value…`, by title. */
  const graphs = new Map(
    widgets
      .filter((w) => w.properties.metrics)
      .map((w) => [
        w.properties.title,
        w.properties.metrics!.map((m) => ({
          metric: m.filter((x) => typeof x === 'string').join(' '),
          options: m.find((x) => typeof x === 'object') as { stat?: string; label?: string },
        })),
      ]),
  );
  const metricsOf = (title: string) => {
    const graph = graphs.get(title);
    if (!graph) throw new Error(`No graph ${title} among ${[...graphs.keys()].join(', ')}`);
    return graph;
  };

  it('is one dashboard named after the environment', () => {
    api.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    api.hasResourceProperties('AWS::CloudWatch::Dashboard', { DashboardName: 'cellar-production' });
  });

  it('shows the API requests, 4xx, 5xx and latency p50/p99', () => {
    expect(metricsOf('API requests').map((m) => m.metric)).toEqual(['AWS/ApiGateway Count ApiName Api']);
    expect(metricsOf('API 4xx and 5xx').map((m) => m.metric)).toEqual([
      'AWS/ApiGateway 4XXError ApiName Api',
      'AWS/ApiGateway 5XXError ApiName Api',
    ]);
    expect(metricsOf('API latency p50 / p99 (ms)').map((m) => `${m.metric} ${m.options.stat}`)).toEqual([
      'AWS/ApiGateway Latency ApiName Api p50',
      'AWS/ApiGateway Latency ApiName Api p99',
    ]);
  });

  it('shows each queue (visible, age of the oldest) and its dead letters', () => {
    const queues = ['imports', 'exports', 'warehouse-orders', 'warehouse-events', 'webhooks'];
    for (const [title, name] of [
      ['Queues: messages visible', 'ApproximateNumberOfMessagesVisible'],
      ['Queues: age of oldest message (s)', 'ApproximateAgeOfOldestMessage'],
      ['Dead-letter queues: messages', 'ApproximateNumberOfMessagesVisible'],
    ] as const) {
      const metrics = metricsOf(title);
      expect(metrics.map((m) => m.options.label)).toEqual(queues);
      for (const m of metrics) expect(m.metric).toBe(`AWS/SQS ${name} QueueName REF`);
    }
  });

  it('shows the workers: invocations, errors, duration', () => {
    for (const [title, name] of [
      ['Workers: invocations', 'Invocations'],
      ['Workers: errors', 'Errors'],
      ['Workers: duration p99 (ms)', 'Duration'],
    ] as const) {
      const metrics = metricsOf(title);
      expect(metrics.map((m) => m.options.label)).toEqual([
        'imports-worker',
        'exports-worker',
        'warehouse-events-worker',
        'webhooks-worker',
      ]);
      for (const m of metrics) expect(m.metric).toBe(`AWS/Lambda ${name} FunctionName REF`);
    }
  });

  it('shows what both web ACLs block, the CloudFront one read in us-east-1', () => {
    const metrics = metricsOf('Web ACLs: blocked requests');
    expect(metrics.map((m) => m.metric)).toEqual([
      'AWS/WAFV2 BlockedRequests Rule ALL WebACL cellar-production-edge',
      `AWS/WAFV2 BlockedRequests Region ${stacks.api.region} Rule ALL WebACL cellar-production-api`,
    ]);
    expect((metrics[0]!.options as { region?: string }).region).toBe('us-east-1');
  });

  it('shows every business metric, in the namespace and dimensions the functions publish them', () => {
    const shown = [...graphs.values()].flat().map((m) => m.metric);
    for (const name of Object.values(METRICS.names)) {
      expect(shown).toContain(`${METRICS.namespace} ${name} env production service ${METRICS.service}`);
    }
  });
});
