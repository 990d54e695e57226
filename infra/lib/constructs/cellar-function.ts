import { type Duration, Validations } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { repoPath } from '../repo';

export interface CellarFunctionProps {
  /** Path under functions/src, e.g. `contacts/handler.ts`; the module exports `handler`. */
  readonly entry: string;
  /** Names the function in Powertools logs. */
  readonly serviceName: string;
  readonly environment: Record<string, string>;
  readonly timeout: Duration;
}

/** A handler of `functions/`, bundled, run and logged the one way every Cellar Lambda is. */
export class CellarFunction extends Construct {
  readonly fn: NodejsFunction;
  readonly role: Role;
  /** Absolute path of the bundled module. */
  readonly entry: string;

  constructor(scope: Construct, id: string, props: CellarFunctionProps) {
    super(scope, id);
    this.entry = repoPath('functions/src', props.entry);

    const logGroup = new LogGroup(this, 'Logs', { retention: RetentionDays.THREE_MONTHS });
    // Its own role, allowed to write to its own log group only (AWSLambdaBasicExecutionRole allows any).
    this.role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(this.role);

    this.fn = new NodejsFunction(this, 'Function', {
      entry: this.entry,
      handler: 'handler',
      projectRoot: repoPath(),
      depsLockFilePath: repoPath('package-lock.json'),
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: 1024,
      timeout: props.timeout,
      role: this.role,
      logGroup,
      environment: {
        ...props.environment,
        POWERTOOLS_SERVICE_NAME: props.serviceName,
        NODE_OPTIONS: '--enable-source-maps',
      },
      bundling: {
        // middy 6 and jose ship ESM only; the banner gives bundled CommonJS dependencies their `require`.
        format: OutputFormat.ESM,
        mainFields: ['module', 'main'],
        banner: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
        target: 'node22',
        // The runtime provides the SDK; bundling it would only add cold-start weight.
        externalModules: ['@aws-sdk/*'],
        minify: true,
        // Error classes are told apart by name in logs and responses.
        keepNames: true,
        sourceMap: true,
        sourcesContent: false,
      },
    });
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Node.js 22 is the newest runtime the code is built and tested for (esbuild target node22); 24 is a deliberate upgrade.',
    });
  }
}
