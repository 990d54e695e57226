import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetQueueAttributesCommand, GetQueueUrlCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { CfnElement } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDENTIALS, REGION } from '../../infra/local/emulators';
import { type Runtime, startRuntime } from '../../infra/local/runtime';
import { resourcesOf, synthCellar } from './synth';

const { web, data, stacks } = synthCellar();
const logicalId = (construct: IConstruct) => stacks.data.getLogicalId(construct.node.defaultChild as CfnElement);

type Fields = Record<string, unknown>;

/** The imports bucket's domain, a reference to the data stack in the template, named here. */
const BUCKET_DOMAIN = 'imports-bucket.s3.region.amazonaws.com';
/** Where the deployed pages post import files. */
const UPLOAD_ENDPOINT = `https://${BUCKET_DOMAIN}`;

/** A template value as a string: a joined value's references become BUCKET_DOMAIN, the only one a header has. */
const resolved = (value: unknown): string => {
  const join = (value as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
  if (!join) return String(value);
  return join[1].map((part) => (typeof part === 'string' ? part : BUCKET_DOMAIN)).join(join[0]);
};

/** Each header of a CloudFront response headers policy, as the line CloudFront adds to responses. */
const HEADER_LINES: Record<string, (fields: Fields) => [string, string]> = {
  StrictTransportSecurity: (f) => [
    'strict-transport-security',
    [
      `max-age=${f.AccessControlMaxAgeSec}`,
      ...(f.IncludeSubdomains ? ['includeSubDomains'] : []),
      ...(f.Preload ? ['preload'] : []),
    ].join('; '),
  ],
  ContentTypeOptions: () => ['x-content-type-options', 'nosniff'],
  FrameOptions: (f) => ['x-frame-options', String(f.FrameOption)],
  ReferrerPolicy: (f) => ['referrer-policy', String(f.ReferrerPolicy)],
  ContentSecurityPolicy: (f) => ['content-security-policy', resolved(f.ContentSecurityPolicy)],
};

function cloudFrontHeaderLines(config: {
  SecurityHeadersConfig: Record<string, Fields>;
  CustomHeadersConfig?: { Items: { Header: string; Value: string }[] };
}): Record<string, string> {
  const lines = Object.entries(config.SecurityHeadersConfig).map(([name, fields]) => {
    const line = HEADER_LINES[name];
    // A header this test cannot map would otherwise go unchecked.
    if (!line) throw new Error(`No header line known for ${name}`);
    return line(fields);
  });
  const custom = (config.CustomHeadersConfig?.Items ?? []).map((i) => [i.Header.toLowerCase(), i.Value]);
  return Object.fromEntries([...lines, ...custom]);
}

describe('The local runtime, as deployed', () => {
  const webRoot = mkdtempSync(join(tmpdir(), 'cellar-web-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'cellar-parity-'));
  let runtime: Runtime;

  beforeAll(async () => {
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Cellar</title>');
    runtime = await startRuntime({ port: 0, dataDir, webRoot, seed: false });
  });
  afterAll(async () => {
    await runtime?.stop();
    rmSync(webRoot, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    ['the SPA', '/orders/42'],
    ['a missing file', '/assets/missing.js'],
    ['the API', '/api/health'],
  ])("sends CloudFront's security headers with %s (%s)", async (_, path) => {
    // Prepare
    const policies = Object.values(resourcesOf(web, 'AWS::CloudFront::ResponseHeadersPolicy'));
    const deployed = cloudFrontHeaderLines(
      policies[0]!.Properties.ResponseHeadersPolicyConfig as Parameters<typeof cloudFrontHeaderLines>[0],
    );
    // Act
    const response = await fetch(runtime.url + path);
    // Assess
    expect(policies).toHaveLength(1);
    // The pages post import files to the local S3 endpoint where the deployed ones post to the imports bucket.
    const local = Object.fromEntries(
      Object.keys(deployed).map((name) => [
        name,
        response.headers.get(name)?.replace(runtime.env.AWS_ENDPOINT_URL_S3 as string, UPLOAD_ENDPOINT),
      ]),
    );
    expect(local).toEqual(deployed);
    expect(deployed['content-security-policy']).toContain(`connect-src 'self' ${UPLOAD_ENDPOINT};`);
  });

  it.each([
    ['import', 'IMPORT_QUEUE_URL', stacks.data.importQueue],
    ['export', 'EXPORT_QUEUE_URL', stacks.data.exportQueue],
    ['warehouse-orders', 'WAREHOUSE_ORDERS_QUEUE_URL', stacks.data.warehouseOrderQueue],
    ['warehouse-events', 'WAREHOUSE_EVENTS_QUEUE_URL', stacks.data.warehouseEventQueue],
  ])('has the %s queue of the data stack', async (_, urlVariable, workQueue) => {
    // Prepare
    const queues = resourcesOf(data, 'AWS::SQS::Queue');
    const deployedQueue = queues[logicalId(workQueue.queue)]!.Properties;
    const deployedDlq = queues[logicalId(workQueue.deadLetterQueue)]!.Properties;
    const sqs = new SQSClient({ endpoint: runtime.env.AWS_ENDPOINT_URL_SQS, region: REGION, credentials: CREDENTIALS });
    const attributes = async (QueueUrl: string) =>
      (await sqs.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['All'] }))).Attributes ?? {};
    // Act
    const queue = await attributes(runtime.env[urlVariable]!);
    const redrive = JSON.parse(queue.RedrivePolicy ?? '{}') as { deadLetterTargetArn: string; maxReceiveCount: number };
    const dlqName = redrive.deadLetterTargetArn.split(':').at(-1);
    const dlq = await attributes((await sqs.send(new GetQueueUrlCommand({ QueueName: dlqName }))).QueueUrl!);
    // Assess
    expect({
      visibilityTimeout: Number(queue.VisibilityTimeout),
      retention: Number(queue.MessageRetentionPeriod),
      maxReceiveCount: redrive.maxReceiveCount,
      deadLetterRetention: Number(dlq.MessageRetentionPeriod),
    }).toEqual({
      visibilityTimeout: deployedQueue.VisibilityTimeout,
      retention: deployedQueue.MessageRetentionPeriod,
      maxReceiveCount: (deployedQueue.RedrivePolicy as { maxReceiveCount: number }).maxReceiveCount,
      deadLetterRetention: deployedDlq.MessageRetentionPeriod,
    });
  });
});
