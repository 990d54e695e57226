import { AssetHashType, type Duration, type ILocalBundling, Validations } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Code, Function as LambdaFunction, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { buildSync } from 'esbuild';
import { FUNCTION_HANDLER, FUNCTION_NODE_OPTIONS, functionBuildOptions } from '../bundling';
import { REPO_ROOT, repoPath } from '../repo';

const RUNTIME = Runtime.NODEJS_22_X;

export interface CellarFunctionProps {
  /** Path under functions/src, e.g. `contacts/handler.ts`; the module exports `handler`. */
  readonly entry: string;
  /** Names the function in Powertools logs. */
  readonly serviceName: string;
  readonly environment: Record<string, string>;
  readonly timeout: Duration;
  /** How long its log group keeps the logs (the stage's, stages.ts). */
  readonly logRetention: RetentionDays;
  /** Instances it may run at once, reserved for it; none for the API's functions, which share the rest. */
  readonly reservedConcurrency?: number;
}

/** A handler of `functions/`, bundled, run and logged the one way every Cellar Lambda is. */
export class CellarFunction extends Construct {
  readonly fn: LambdaFunction;
  readonly role: Role;
  /** Absolute path of the bundled module. */
  readonly entry: string;
  /** Its POWERTOOLS_SERVICE_NAME. */
  readonly serviceName: string;

  constructor(scope: Construct, id: string, props: CellarFunctionProps) {
    super(scope, id);
    this.entry = repoPath('functions/src', props.entry);
    this.serviceName = props.serviceName;

    const logGroup = new LogGroup(this, 'Logs', { retention: props.logRetention });
    // Its own role, allowed to write to its own log group only (AWSLambdaBasicExecutionRole allows any).
    this.role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(this.role);

    this.fn = new LambdaFunction(this, 'Function', {
      code: bundled(this.entry),
      handler: FUNCTION_HANDLER,
      runtime: RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: 1024,
      timeout: props.timeout,
      reservedConcurrentExecutions: props.reservedConcurrency,
      role: this.role,
      logGroup,
      // Every invocation is traced (X-Ray), through API Gateway's trace when the API called it.
      tracing: Tracing.ACTIVE,
      environment: {
        ...props.environment,
        POWERTOOLS_SERVICE_NAME: props.serviceName,
        NODE_OPTIONS: FUNCTION_NODE_OPTIONS,
      },
    });
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Node.js 22 is the newest runtime the code is built and tested for (esbuild target node22); 24 is a deliberate upgrade.',
    });
    Validations.of(this.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Active tracing: X-Ray PutTraceSegments and PutTelemetryRecords support no resource-level permission, "*" is their only resource.',
    });
  }
}

/**
 * Bundles an entry on this machine with the options of ../bundling.ts (the ones the function benchmark measures).
 * The entry is a field, not a closure: CDK caches bundles by the JSON of the bundling options.
 */
class LocalBundling implements ILocalBundling {
  constructor(readonly entry: string) {}

  tryBundle(outputDir: string): boolean {
    // CDK bundles synchronously; esbuild's synchronous API takes every option used (no plugins).
    buildSync(functionBuildOptions(this.entry, outputDir));
    return true;
  }
}

/** The asset is named after the bundle, so an unchanged bundle is not uploaded again. */
const bundled = (entry: string) =>
  Code.fromAsset(REPO_ROOT, {
    assetHashType: AssetHashType.OUTPUT,
    // Required by the type, never pulled: bundling happens locally or fails.
    bundling: { image: RUNTIME.bundlingImage, local: new LocalBundling(entry) },
  });
