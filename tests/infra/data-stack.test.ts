import type { CfnElement } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { resourcesOf, synthCellar } from './synth';

const { data, api, stacks } = synthCellar();
const logicalId = (construct: IConstruct) => stacks.data.getLogicalId(construct.node.defaultChild as CfnElement);

describe('DataStack: the table', () => {
  it('is keyed PK/SK with the two GSIs and the fifteen list-sort indexes, on demand, retained, recoverable, expiring by ttl', () => {
    // Prepare
    const gsi = (name: string) => ({
      IndexName: name,
      KeySchema: [
        { AttributeName: `${name}PK`, KeyType: 'HASH' },
        { AttributeName: `${name}SK`, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'KEYS_ONLY' },
    });
    // Assess
    data.resourceCountIs('AWS::DynamoDB::Table', 1);
    data.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: {
        KeySchema: [
          { AttributeName: 'PK', KeyType: 'HASH' },
          { AttributeName: 'SK', KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: ['GSI1', 'GSI2', ...Array.from({ length: 15 }, (_, i) => `LS${i + 1}`)].map(gsi),
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
        DeletionProtectionEnabled: true,
        SSESpecification: { SSEEnabled: true },
        StreamSpecification: Match.absent(),
      },
    });
  });
});

describe('DataStack: the file buckets', () => {
  it.each([
    ['Imports', stacks.data.importsBucket],
    ['Exports', stacks.data.exportsBucket],
  ])('%s is private, encrypted, logged and expires its objects', (id, construct) => {
    // Prepare
    const bucketId = logicalId(construct);
    const bucket = resourcesOf(data, 'AWS::S3::Bucket')[bucketId]!;
    // Assess
    expect(bucket.Properties).toMatchObject({
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
      LoggingConfiguration: { LogFilePrefix: `${id}/` },
      LifecycleConfiguration: { Rules: expect.arrayContaining([expect.objectContaining({ ExpirationInDays: 30 })]) },
    });
    data.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: bucketId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('notifies the import queue of every object created under incoming/', () => {
    data.hasResourceProperties('Custom::S3BucketNotifications', {
      NotificationConfiguration: {
        QueueConfigurations: [
          {
            Events: ['s3:ObjectCreated:*'],
            Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: 'incoming/' }] } },
            QueueArn: { 'Fn::GetAtt': [logicalId(stacks.data.importQueue.queue), 'Arn'] },
          },
        ],
      },
    });
  });
});

/** A bucket's CORS rules as the template has them. */
const corsRules = (bucket: { Properties: Record<string, unknown> } | undefined) =>
  (bucket?.Properties.CorsConfiguration as { CorsRules: unknown[] } | undefined)?.CorsRules;

describe('DataStack: the presigned import upload', () => {
  const importsId = logicalId(stacks.data.importsBucket);

  it('lets the site’s pages POST to the imports bucket, from CloudFront’s domain until the site has its own', () => {
    const rules = corsRules(resourcesOf(data, 'AWS::S3::Bucket')[importsId]);
    expect(rules).toEqual([{ AllowedMethods: ['POST'], AllowedOrigins: ['https://*.cloudfront.net'], MaxAge: 3000 }]);
    // Only the imports bucket takes requests from pages.
    const others = Object.entries(resourcesOf(data, 'AWS::S3::Bucket')).filter(([id]) => id !== importsId);
    expect(others.every(([, b]) => b.Properties.CorsConfiguration === undefined)).toBe(true);
  });

  it('names the one origin of a site on its own domain', () => {
    const { data: own, stacks: ownStacks } = synthCellar({
      domainName: 'extranet.cellar.example',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
    });
    const id = ownStacks.data.getLogicalId(ownStacks.data.importsBucket.node.defaultChild as CfnElement);
    expect(corsRules(resourcesOf(own, 'AWS::S3::Bucket')[id])).toEqual([
      { AllowedMethods: ['POST'], AllowedOrigins: ['https://extranet.cellar.example'], MaxAge: 3000 },
    ]);
  });

  it('lets the imports function, which signs the presigned POST, put objects under incoming/ only', () => {
    data.hasResourceProperties('AWS::IAM::ManagedPolicy', {
      Description: 'Cellar: sign the uploads of import files',
      PolicyDocument: {
        Statement: [
          Match.objectLike({
            Action: 's3:PutObject',
            Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [importsId, 'Arn'] }, '/incoming/*']] },
          }),
        ],
      },
    });
  });
});

describe('DataStack: the warehouse-orders queue (the warehouse system consumes it)', () => {
  const queues = resourcesOf(data, 'AWS::SQS::Queue');
  const queueId = logicalId(stacks.data.warehouseOrderQueue.queue);
  const dlqId = logicalId(stacks.data.warehouseOrderQueue.deadLetterQueue);

  it('has its dead-letter queue, three receives, encrypted', () => {
    expect(queues[queueId]!.Properties.RedrivePolicy).toEqual({
      deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] },
      maxReceiveCount: 3,
    });
    expect(queues[queueId]!.Properties.SqsManagedSseEnabled).toBe(true);
    expect(queues[queueId]!.Properties.MessageRetentionPeriod).toBe(14 * 24 * 3600);
    expect(queues[dlqId]!.Properties.MessageRetentionPeriod).toBe(14 * 24 * 3600);
  });

  it('is where the functions that publish orders may send, and only there', () => {
    data.hasResourceProperties('AWS::IAM::ManagedPolicy', {
      Description: 'Cellar: publish orders to the warehouse system',
      PolicyDocument: {
        Statement: [Match.objectLike({ Action: 'sqs:SendMessage', Resource: { 'Fn::GetAtt': [queueId, 'Arn'] } })],
      },
    });
  });
});

describe('DataStack: the import worker', () => {
  it('may send a message to its own queue only, to go on with a job in a new invocation', () => {
    // Prepare
    const policy = Object.values(resourcesOf(data, 'AWS::IAM::ManagedPolicy')).find(
      (p) => p.Properties.Description === 'What the Cellar import worker may do with the data',
    );
    // Act
    const statements = (policy!.Properties.PolicyDocument as { Statement: { Action: string; Resource: unknown }[] })
      .Statement;
    // Assess
    expect(statements.filter((s) => [s.Action].flat().some((a) => a.startsWith('sqs:')))).toEqual([
      {
        Effect: 'Allow',
        Action: 'sqs:SendMessage',
        Resource: { 'Fn::GetAtt': [logicalId(stacks.data.importQueue.queue), 'Arn'] },
      },
    ]);
  });
});

describe('DataStack: the export worker', () => {
  it('may write its files and their carry objects under exports/ and abort a failed multipart upload, nothing more', () => {
    // Prepare
    const buckets = resourcesOf(data, 'AWS::S3::Bucket');
    const exportsId = logicalId(stacks.data.exportsBucket);
    const policy = Object.values(resourcesOf(data, 'AWS::IAM::ManagedPolicy')).find(
      (p) => p.Properties.Description === 'What the Cellar export worker may do with the data',
    );
    // Act
    const document = policy?.Properties.PolicyDocument as { Statement: unknown[] };
    const s3 = (document.Statement as { Action: string | string[]; Resource: unknown }[]).filter((s) =>
      [s.Action].flat().some((a) => a.startsWith('s3:')),
    );
    // Assess
    expect(buckets[exportsId]).toBeDefined();
    expect(s3).toEqual([
      {
        Effect: 'Allow',
        // CDK sorts a statement's actions.
        Action: ['s3:AbortMultipartUpload', 's3:DeleteObject', 's3:GetObject', 's3:PutObject'],
        Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [exportsId, 'Arn'] }, '/exports/*']] },
      },
    ]);
  });

  it('may send a message to its own queue only, to go on with a job in a new invocation', () => {
    // Prepare
    const policy = Object.values(resourcesOf(data, 'AWS::IAM::ManagedPolicy')).find(
      (p) => p.Properties.Description === 'What the Cellar export worker may do with the data',
    );
    // Act
    const statements = (policy!.Properties.PolicyDocument as { Statement: { Action: string; Resource: unknown }[] })
      .Statement;
    // Assess
    expect(statements.filter((s) => [s.Action].flat().some((a) => a.startsWith('sqs:')))).toEqual([
      {
        Effect: 'Allow',
        Action: 'sqs:SendMessage',
        Resource: { 'Fn::GetAtt': [logicalId(stacks.data.exportQueue.queue), 'Arn'] },
      },
    ]);
  });
});

describe.each([
  ['import', stacks.data.importQueue, 'imports-worker'],
  ['export', stacks.data.exportQueue, 'exports-worker'],
  ['warehouse events', stacks.data.warehouseEventQueue, 'warehouse-events-worker'],
])('DataStack: the %s queue', (_name, workQueue, workerName) => {
  const queues = resourcesOf(data, 'AWS::SQS::Queue');
  const queueId = logicalId(workQueue.queue);
  const dlqId = logicalId(workQueue.deadLetterQueue);
  const queue = queues[queueId]!;

  it("keeps a message 14 days, SQS's longest, not its 4-day default, and as long as its dead-letter queue", () => {
    expect(queue.Properties.MessageRetentionPeriod).toBe(14 * 24 * 3600);
    expect(queues[dlqId]!.Properties.MessageRetentionPeriod).toBe(14 * 24 * 3600);
  });

  it('dead-letters a message after three receives', () => {
    expect(queue.Properties.RedrivePolicy).toEqual({
      deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] },
      maxReceiveCount: 3,
    });
  });

  it('keeps a message invisible at least six times as long as the worker may run', () => {
    // Prepare
    const worker = Object.values(resourcesOf(api, 'AWS::Lambda::Function')).find(
      (fn) =>
        (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables.POWERTOOLS_SERVICE_NAME ===
        workerName,
    )!;
    // Assess
    expect(queue.Properties.VisibilityTimeout).toBeGreaterThanOrEqual(6 * (worker.Properties.Timeout as number));
  });

  it.each([
    ['queue', queueId],
    ['dead-letter queue', dlqId],
  ])('the %s is encrypted and refuses plain HTTP', (_, id) => {
    expect(queues[id]!.Properties.SqsManagedSseEnabled).toBe(true);
    data.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: id }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });
});

describe('DataStack: the JWT secret', () => {
  it('is generated by Secrets Manager, never written in the template', () => {
    data.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: { PasswordLength: 64, ExcludePunctuation: true },
      SecretString: Match.absent(),
    });
  });
});
