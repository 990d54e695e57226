import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, type IBucket, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';

const SECURE_DEFAULTS = {
  blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
  encryption: BucketEncryption.S3_MANAGED,
  enforceSSL: true,
  minimumTLSVersion: 1.2,
} as const;

/**
 * Retained, the bucket outlives its stack; otherwise it is emptied and deleted with it (the stage decides, stages.ts).
 */
const lifetime = (retain: boolean) =>
  retain ? { removalPolicy: RemovalPolicy.RETAIN } : { removalPolicy: RemovalPolicy.DESTROY, autoDeleteObjects: true };

export interface PrivateBucketProps {
  /** Receives the server access logs, under a prefix named after this bucket's id. */
  readonly accessLogs: IBucket;
  /** Objects are working files, deleted after this age. */
  readonly expireAfter?: Duration;
  /** Kept when the stack is deleted (prod). */
  readonly retain: boolean;
}

/** A bucket nobody reaches without IAM (or CloudFront OAC), over TLS 1.2+, with its access logged. */
export class PrivateBucket extends Bucket {
  constructor(scope: Construct, id: string, props: PrivateBucketProps) {
    super(scope, id, {
      ...SECURE_DEFAULTS,
      ...lifetime(props.retain),
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: `${id}/`,
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        ...(props.expireAfter ? [{ expiration: props.expireAfter }] : []),
      ],
    });
  }
}

export interface LogBucketProps {
  /** CloudFront standard logging still writes through ACLs. */
  readonly aclWritable?: boolean;
  /** Kept when the stack is deleted (prod). */
  readonly retain: boolean;
}

/** Where the access logs of the other buckets (and CloudFront's) land. */
export class LogBucket extends Bucket {
  constructor(scope: Construct, id: string, props: LogBucketProps) {
    super(scope, id, {
      ...SECURE_DEFAULTS,
      ...lifetime(props.retain),
      objectOwnership: props.aclWritable ? ObjectOwnership.OBJECT_WRITER : ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ expiration: Duration.days(365) }],
    });
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This bucket is where access logs land: logging its own access would feed on itself.',
    });
  }
}
