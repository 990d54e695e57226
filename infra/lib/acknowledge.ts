import { Stack, Validations } from 'aws-cdk-lib';
import type { Bucket, CfnBucket } from 'aws-cdk-lib/aws-s3';
import type { IConstruct } from 'constructs';

/**
 * Acknowledges the AwsSolutions-IAM5 finding for access to the objects of `bucket` under `keyPattern`
 * (e.g. `incoming/*`), and only that one. cdk-nag names it after the bucket's logical id.
 */
export function acknowledgeObjectWildcard(scope: IConstruct, bucket: Bucket, keyPattern: string, reason: string) {
  const logicalId = Stack.of(bucket).getLogicalId(bucket.node.defaultChild as CfnBucket);
  Validations.of(scope).acknowledge({ id: `AwsSolutions-IAM5[Resource::<${logicalId}.Arn>/${keyPattern}]`, reason });
}

/** The managed policy CDK attaches to the roles of the Lambdas it brings for its own custom resources. */
export const LAMBDA_BASIC_EXECUTION =
  'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]';

/** A construct aws-cdk-lib creates once per stack on behalf of others, such as the bucket notifications handler. */
export function stackSingleton(stack: Stack, idPrefix: string): IConstruct {
  const found = stack.node.children.find((c) => c.node.id.startsWith(idPrefix));
  if (!found) throw new Error(`No ${idPrefix}… in ${stack.node.path}`);
  return found;
}
