import { Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { ManagedPolicy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { EventType, HttpMethods } from 'aws-cdk-lib/aws-s3';
import { SqsDestination } from 'aws-cdk-lib/aws-s3-notifications';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { BUCKETS, QUEUES } from '../../functions/src/config/topology';
import { INDEX_PROJECTION, TABLE_DEFINITION } from '../../functions/src/data/table-definition';
import { acknowledgeObjectWildcard, LAMBDA_BASIC_EXECUTION, stackSingleton } from './acknowledge';
import { LogBucket, PrivateBucket } from './constructs/private-bucket';
import { WorkQueue } from './constructs/work-queue';
import { removalPolicyOf, type Stage } from './stages';

const IMPORT_PREFIX = BUCKETS.imports.uploadPrefix;

/** Items and index queries; no Scan, no table management. */
const TABLE_READ_WRITE = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
];

export interface DataStackProps extends StackProps {
  /** Whether the table and buckets are retained, deletion-protected and recoverable (prod). */
  readonly stage: Stage;
  /**
   * The site's origin (`https://` and its custom domain), the one origin whose pages may post import files to the
   * imports bucket. Without a custom domain the site's name is CloudFront's, chosen when the web stack (deployed
   * after this one) creates the distribution: the rule then names CloudFront's domain, `https://*.cloudfront.net`.
   */
  readonly siteOrigin?: string;
}

/**
 * The needs a function may have of the data, each a managed policy: the table; the token signing key (verifying
 * sessions); publishing to the warehouse; signing import uploads; asking for exports and signing their links.
 */
export type DataGrant = 'table' | 'tokenKey' | 'warehouseOrders' | 'webhookQueue' | 'importUploads' | 'exportFiles';

/** Where the site's pages are served from when it has no custom domain (see DataStackProps.siteOrigin). */
export const CLOUDFRONT_ORIGINS = 'https://*.cloudfront.net';

/**
 * State that outlives any deployment of the code: the table, the file buckets, the job queues, the secrets,
 * and the policies saying what the code may do with them (attached to the functions by ApiStack).
 */
export class DataStack extends Stack {
  readonly table: Table;
  readonly importsBucket: PrivateBucket;
  readonly exportsBucket: PrivateBucket;
  readonly importQueue: WorkQueue;
  readonly exportQueue: WorkQueue;
  /** Orders published to the warehouse system, and what it reports back. */
  readonly warehouseOrderQueue: WorkQueue;
  readonly warehouseEventQueue: WorkQueue;
  /** Webhook deliveries to work, one message per endpoint and document. */
  readonly webhookQueue: WorkQueue;
  readonly jwtSecret: Secret;
  /** What the API functions, the warehouse events worker, the recount and the sweep may do, one policy a need. */
  readonly access: Record<DataGrant, ManagedPolicy>;
  /** For the import worker. */
  readonly importWorkerAccess: ManagedPolicy;
  /** For the export worker. */
  readonly exportWorkerAccess: ManagedPolicy;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { stage } = props;
    const retain = stage.retainData;

    this.table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_DEFINITION.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_DEFINITION.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      encryption: TableEncryption.AWS_MANAGED,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: retain },
      // Short-lived items (the outbox, password links, throttles) carry their end in `ttl` (epoch seconds).
      timeToLiveAttribute: 'ttl',
      deletionProtection: retain,
      removalPolicy: removalPolicyOf(stage),
    });
    if (!retain) {
      Validations.of(this.table).acknowledge({
        id: 'AwsSolutions-DDB3',
        reason:
          'Outside prod the table holds test data that is seeded again at will and goes with the stack: prod alone pays for point-in-time recovery.',
      });
    }
    // The same key schema the local runtime creates.
    for (const index of TABLE_DEFINITION.indexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType[INDEX_PROJECTION],
      });
    }

    const accessLogs = new LogBucket(this, 'AccessLogs', { retain });
    this.importsBucket = new PrivateBucket(this, 'Imports', {
      accessLogs,
      retain,
      expireAfter: Duration.days(BUCKETS.imports.expireAfterDays),
    });
    this.exportsBucket = new PrivateBucket(this, 'Exports', {
      accessLogs,
      retain,
      expireAfter: Duration.days(BUCKETS.exports.expireAfterDays),
    });

    // The browser posts each import file straight here with a presigned POST (imports/service.ts): its page's
    // origin may POST, nothing else. The policy, not CORS, is what holds the upload to its key, type and size.
    this.importsBucket.addCorsRule({
      allowedMethods: [HttpMethods.POST],
      allowedOrigins: [props.siteOrigin ?? CLOUDFRONT_ORIGINS],
      maxAge: 3000,
    });

    this.importQueue = new WorkQueue(this, 'ImportQueue', QUEUES.imports);
    this.exportQueue = new WorkQueue(this, 'ExportQueue', QUEUES.exports);
    this.warehouseOrderQueue = new WorkQueue(this, 'WarehouseOrderQueue', QUEUES.warehouseOrders);
    this.warehouseEventQueue = new WorkQueue(this, 'WarehouseEventQueue', QUEUES.warehouseEvents);
    this.webhookQueue = new WorkQueue(this, 'WebhookQueue', QUEUES.webhooks);
    this.importsBucket.addEventNotification(EventType.OBJECT_CREATED, new SqsDestination(this.importQueue.queue), {
      prefix: IMPORT_PREFIX,
    });
    Validations.of(stackSingleton(this, 'BucketNotificationsHandler')).acknowledge({
      id: LAMBDA_BASIC_EXECUTION,
      reason: 'The role of the Lambda that aws-cdk-lib brings to configure S3 bucket notifications.',
    });

    this.jwtSecret = new Secret(this, 'JwtSecret', {
      description: 'HS256 key that signs and verifies Cellar access tokens',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    Validations.of(this.jwtSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'Rotating the token signing key signs every user out: it is rotated by hand, at a chosen time.',
    });

    const policy = (id: string, description: string, statements: PolicyStatement[]) =>
      new ManagedPolicy(this, id, { description, statements });
    this.access = {
      table: policy('TableAccess', 'Cellar: read and write the table', [this.tableReadWrite()]),
      tokenKey: policy('TokenKeyRead', 'Cellar: read the token signing key', [
        new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [this.jwtSecret.secretArn] }),
      ]),
      warehouseOrders: policy('WarehouseOrdersPublish', 'Cellar: publish orders to the warehouse system', [
        new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.warehouseOrderQueue.queue.queueArn] }),
      ]),
      webhookQueue: policy('WebhookQueueSend', 'Cellar: ask for webhook deliveries', [
        new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.webhookQueue.queue.queueArn] }),
      ]),
      // The import function signs the presigned POST that the browser uploads with: only as good as this grant.
      importUploads: policy('ImportUploads', 'Cellar: sign the uploads of import files', [
        new PolicyStatement({
          actions: ['s3:PutObject'],
          resources: [this.importsBucket.arnForObjects(`${IMPORT_PREFIX}*`)],
        }),
      ]),
      exportFiles: policy('ExportFiles', 'Cellar: ask for exports and sign their download links', [
        new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.exportQueue.queue.queueArn] }),
        // Read as well as write: a presigned download URL is only as good as its signer's own permission.
        new PolicyStatement({
          actions: ['s3:GetObject', 's3:PutObject'],
          resources: [this.exportsBucket.arnForObjects('*')],
        }),
      ]),
    };
    acknowledgeObjectWildcard(
      this.access.importUploads,
      this.importsBucket,
      `${IMPORT_PREFIX}*`,
      'Uploads get server-chosen keys under incoming/, unknown in advance.',
    );
    acknowledgeObjectWildcard(
      this.access.exportFiles,
      this.exportsBucket,
      '*',
      'Export files get generated keys, unknown in advance; the bucket holds nothing else.',
    );

    this.importWorkerAccess = new ManagedPolicy(this, 'ImportWorkerAccess', {
      description: 'What the Cellar import worker may do with the data',
      statements: [
        this.tableReadWrite(),
        new PolicyStatement({
          actions: ['s3:GetObject'],
          resources: [this.importsBucket.arnForObjects(`${IMPORT_PREFIX}*`)],
        }),
        // A job longer than one invocation goes on in the next: the worker sends its message again.
        new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.importQueue.queue.queueArn] }),
      ],
    });
    acknowledgeObjectWildcard(
      this.importWorkerAccess,
      this.importsBucket,
      `${IMPORT_PREFIX}*`,
      'The worker reads whichever upload it is notified of, under incoming/ only.',
    );

    this.exportWorkerAccess = new ManagedPolicy(this, 'ExportWorkerAccess', {
      description: 'What the Cellar export worker may do with the data',
      statements: [
        // The lists it exports read the table; the job item is written back.
        this.tableReadWrite(),
        // The file is written in a multipart upload (PutObject covers its creation, parts and completion); a failed
        // one is aborted, so that its parts are not kept (the bucket's lifecycle rule is the backstop). A file longer
        // than an invocation leaves the bytes after its last part in a carry object, which the next invocation reads
        // and the last one deletes.
        new PolicyStatement({
          actions: ['s3:PutObject', 's3:AbortMultipartUpload', 's3:GetObject', 's3:DeleteObject'],
          resources: [this.exportsBucket.arnForObjects(`${BUCKETS.exports.filePrefix}*`)],
        }),
        // A job longer than one invocation goes on in the next: the worker sends its message again.
        new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.exportQueue.queue.queueArn] }),
      ],
    });
    acknowledgeObjectWildcard(
      this.exportWorkerAccess,
      this.exportsBucket,
      `${BUCKETS.exports.filePrefix}*`,
      'Each export file gets a key of its own job under exports/, unknown in advance.',
    );
  }

  /** Named indexes rather than index/*: a new index is a deliberate grant. */
  private tableReadWrite() {
    return new PolicyStatement({
      actions: TABLE_READ_WRITE,
      resources: [
        this.table.tableArn,
        ...TABLE_DEFINITION.indexes.map((index) => `${this.table.tableArn}/index/${index.name}`),
      ],
    });
  }
}
