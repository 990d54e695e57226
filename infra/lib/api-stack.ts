import type { RouteDef } from '@cellar/shared/api/route';
import { RESOURCES, type Resource, routeList, routes } from '@cellar/shared/routes/table';
import { Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import {
  AccessLogFormat,
  EndpointType,
  LambdaIntegration,
  LogGroupLogDestination,
  MethodLoggingLevel,
  ResponseTransferMode,
  RestApi,
} from 'aws-cdk-lib/aws-apigateway';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { functionEnvironment } from '../../functions/src/config/topology';
import { CellarFunction } from './constructs/cellar-function';
import { QueueWorker } from './constructs/queue-worker';
import type { DataGrant, DataStack } from './data-stack';
import { ApiMonitoring } from './monitoring';
import type { Stage } from './stages';
import { apiRules, ORIGIN_VERIFY_HEADER, originSecretName, originSecretValue, webAclVisibility } from './waf';

export interface ApiStackProps extends StackProps {
  readonly data: DataStack;
  /** `production`, `staging`…: the functions read it as APP_ENV. */
  readonly appEnv: string;
  /** Log retention (stages.ts). */
  readonly stage: Stage;
  /** The SSM parameter holding the site's address (written by the web stack). */
  readonly appUrlParameter: string;
  /** A verified SES sender; without it e-mails are not sent (the outbox records them, links redacted). */
  readonly mailFrom?: string;
  /** Subscribed to the alarm topic, if given. */
  readonly alarmEmail?: string;
}

/** What a function may do beyond writing its own logs: a need of the data (DataGrant), or one of this stack's. */
export type Grant = DataGrant | 'mail' | 'appUrl' | 'importWorker' | 'exportWorker';

/** What the API functions need beyond the table and the token key (which all have), by resource. */
const RESOURCE_GRANTS: Partial<Record<Resource, readonly Grant[]>> = {
  // Sign-in, password links and new users: e-mails carrying the site's address.
  auth: ['mail', 'appUrl'],
  users: ['mail', 'appUrl'],
  // What the warehouse must be told of a document goes on its queue (outbox/publish.ts).
  orders: ['warehouseOrders'],
  receptions: ['warehouseOrders'],
  shippingOrders: ['warehouseOrders'],
  imports: ['importUploads'],
  exports: ['exportFiles'],
  // A replayed delivery is asked of the webhook worker on its queue.
  webhooks: ['webhookQueue'],
};

/**
 * Each function's grants, by service name: least privilege, one role a function. `tests/infra/app.test.ts` checks
 * that the code of each grant (the module that uses it) is in the function's bundle, so that nothing is granted
 * that the function's code cannot reach; the documentation's function touches no data.
 */
export function grantsOf(service: string): readonly Grant[] {
  if (service === 'docs') return [];
  if ((RESOURCES as readonly string[]).includes(service)) {
    return ['table', 'tokenKey', ...(RESOURCE_GRANTS[service as Resource] ?? [])];
  }
  const workers: Record<string, readonly Grant[]> = {
    // Imported users get their first-login e-mail, with a link to the application, like users created by hand.
    // …and imported orders sent are told to the warehouse at once, as the API tells them.
    'imports-worker': ['importWorker', 'mail', 'appUrl', 'warehouseOrders'],
    'exports-worker': ['exportWorker'],
    // The warehouse's reports, and the e-mails they call for, with a link to the document.
    // …and the webhook deliveries they call for.
    'warehouse-events-worker': ['table', 'mail', 'appUrl', 'webhookQueue'],
    // A delivery that failed comes back on its queue, later.
    'webhooks-worker': ['table', 'webhookQueue'],
    recount: ['table'],
    // It publishes again what the warehouse has not answered, and sends the e-mails a report left unsent.
    sweep: ['table', 'warehouseOrders', 'mail', 'appUrl', 'webhookQueue'],
  };
  const grants = workers[service];
  if (!grants) throw new Error(`No grants declared for ${service}`);
  return grants;
}

/** A recount reads every counted record: the longest a Lambda may run, the rest in the next invocation. */
const RECOUNT_TIMEOUT = Duration.minutes(15);

/** Under API Gateway's 29 s integration limit, so a slow request ends in the function, logged, not in a bare 504. */
const API_TIMEOUT = Duration.seconds(25);

/** A sweep finishes the few changes left half-way: well under its 5-minute schedule. */
const SWEEP_TIMEOUT = Duration.minutes(4);

/**
 * The public routes a password guesser or a mail bomber aims at, throttled for the whole stage below its default
 * (requests per second, burst) on top of the per-account and per-source gates of functions/src/auth/throttle.ts.
 */
export const SENSITIVE_ROUTE_THROTTLES: readonly { route: RouteDef; rateLimit: number; burstLimit: number }[] = [
  { route: routes.authToken, rateLimit: 10, burstLimit: 20 },
  { route: routes.authPasswordEmail, rateLimit: 2, burstLimit: 5 },
  { route: routes.authPasswordReset, rateLimit: 2, burstLimit: 5 },
];

/** API Gateway's key for one method's settings: its resource path, then its method. */
const methodKey = (route: RouteDef) => `${route.path}/${route.method}`;

/**
 * The code: one Lambda per resource of the route table behind a REST API, and the queue workers.
 * Routes come from `routeList` alone: a route added to the table is deployed without touching this stack.
 */
export class ApiStack extends Stack {
  readonly api: RestApi;
  /** Every Cellar function of the stack, by service name. */
  readonly functions = new Map<string, CellarFunction>();
  readonly monitoring: ApiMonitoring;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { data, stage } = props;
    const logRetention = stage.functionLogRetention;

    const environment = {
      ...functionEnvironment({
        tableName: data.table.tableName,
        importBucket: data.importsBucket.bucketName,
        exportBucket: data.exportsBucket.bucketName,
        importQueueUrl: data.importQueue.queue.queueUrl,
        exportQueueUrl: data.exportQueue.queue.queueUrl,
        warehouseOrdersQueueUrl: data.warehouseOrderQueue.queue.queueUrl,
        webhookQueueUrl: data.webhookQueue.queue.queueUrl,
        jwtSecretArn: data.jwtSecret.secretArn,
        appEnv: props.appEnv,
        appUrlParameter: props.appUrlParameter,
        // The web ACL below lets only CloudFront's requests through: the viewer address it reports can be trusted.
        behindCloudFront: 'true',
        ...(props.mailFrom ? { mailSender: 'ses', mailFrom: props.mailFrom } : {}),
      }),
      POWERTOOLS_LOG_LEVEL: 'INFO',
    };
    const appUrlRead = new PolicyStatement({
      actions: ['ssm:GetParameter'],
      resources: [
        this.formatArn({
          service: 'ssm',
          resource: 'parameter',
          resourceName: props.appUrlParameter.replace(/^\//, ''),
        }),
      ],
    });
    // SES authorizes a send against the identity it verified: the address itself, or its domain.
    const mailSend = props.mailFrom
      ? new PolicyStatement({
          actions: ['ses:SendEmail'],
          resources: [...new Set([props.mailFrom, props.mailFrom.split('@')[1] ?? props.mailFrom])].map((identity) =>
            this.formatArn({ service: 'ses', resource: 'identity', resourceName: identity }),
          ),
        })
      : undefined;

    this.api = new RestApi(this, 'Api', {
      description: 'Cellar extranet API, reached through CloudFront under /api/*',
      endpointConfiguration: { types: [EndpointType.REGIONAL] },
      // No file comes in through the API (imports go straight to S3), and the answers stream (below): an XLSX
      // export leaves as the bytes its function writes, with no binary media type to declare.
      // API Gateway writes no log at all until the account has a CloudWatch role: this stack brings it.
      cloudWatchRole: true,
      deployOptions: {
        stageName: 'v1',
        accessLogDestination: new LogGroupLogDestination(
          new LogGroup(this, 'AccessLogs', { retention: stage.accessLogRetention }),
        ),
        accessLogFormat: AccessLogFormat.jsonWithStandardFields(),
        loggingLevel: MethodLoggingLevel.ERROR,
        // Request bodies carry passwords and personal data: never in the execution logs.
        dataTraceEnabled: false,
        metricsEnabled: true,
        // X-Ray traces each request from the stage into its function (active tracing there too).
        tracingEnabled: true,
        throttlingRateLimit: 100,
        throttlingBurstLimit: 200,
        methodOptions: Object.fromEntries(
          SENSITIVE_ROUTE_THROTTLES.map(({ route, rateLimit, burstLimit }) => [
            methodKey(route),
            { throttlingRateLimit: rateLimit, throttlingBurstLimit: burstLimit },
          ]),
        ),
      },
    });
    const regionalWebAcl = this.onlyThroughCloudFront(props.appEnv);
    this.acknowledgeApiFindings();

    const integrations = new Map<string, LambdaIntegration>();
    // Every function answers through response streaming: no answer is bound by the 6 MB of a buffered result (a
    // page of 5,000 orders weighs more), only by streaming's 200 MB; past 10 MB API Gateway sends 2 MB a second.
    for (const resource of RESOURCES) {
      const cellarFunction = new CellarFunction(this, pascalCase(resource), {
        entry: `${resource}/handler.ts`,
        serviceName: resource,
        environment,
        logRetention,
        timeout: API_TIMEOUT,
      });
      const { fn } = cellarFunction;
      this.functions.set(resource, cellarFunction);
      // One invoke permission for the whole API rather than one per method: the function's resource policy
      // stays under its 20 kB limit however many routes the table grows.
      integrations.set(
        resource,
        new LambdaIntegration(fn, {
          scopePermissionToMethod: false,
          responseTransferMode: ResponseTransferMode.STREAM,
        }),
      );
    }
    for (const route of routeList) {
      this.api.root.resourceForPath(route.path).addMethod(route.method, integrations.get(route.resource));
    }

    const importWorker = new QueueWorker(this, 'ImportWorker', {
      queue: data.importQueue,
      entry: 'imports/worker.ts',
      serviceName: 'imports-worker',
      environment,
      logRetention,
    });
    const exportWorker = new QueueWorker(this, 'ExportWorker', {
      queue: data.exportQueue,
      entry: 'exports/worker.ts',
      serviceName: 'exports-worker',
      environment,
      logRetention,
    });
    // The warehouse's reports: acknowledgements (005 → 010) and packing lists, applied to the orders once each.
    const warehouseWorker = new QueueWorker(this, 'WarehouseEventWorker', {
      queue: data.warehouseEventQueue,
      entry: 'wms/worker.ts',
      serviceName: 'warehouse-events-worker',
      environment,
      logRetention,
    });

    // Webhook deliveries: signed POSTs to the clients' endpoints, retried for a day (functions/src/webhooks).
    const webhookWorker = new QueueWorker(this, 'WebhookWorker', {
      queue: data.webhookQueue,
      entry: 'webhooks/worker.ts',
      serviceName: 'webhooks-worker',
      environment,
      logRetention,
    });

    // Counters written beside their items drift when a process dies between the two writes: a nightly recount
    // repairs them (functions/src/data/counters.ts).
    const recount = new CellarFunction(this, 'Recount', {
      entry: 'counters/recount.ts',
      serviceName: 'recount',
      environment,
      logRetention,
      timeout: RECOUNT_TIMEOUT,
      reservedConcurrency: 1,
    });
    // A document change larger than one transaction is applied in steps recorded on the document; a process that
    // dies between two steps leaves it half-way: the sweep finishes it (functions/src/stocks/ledger.ts).
    const sweep = new CellarFunction(this, 'Sweep', {
      entry: 'sweep/handler.ts',
      serviceName: 'sweep',
      environment,
      logRetention,
      timeout: SWEEP_TIMEOUT,
      reservedConcurrency: 1,
    });
    const workers = [importWorker, exportWorker, warehouseWorker, webhookWorker];
    for (const worker of [...workers, recount, sweep]) this.functions.set(worker.serviceName, worker);
    for (const { serviceName, role } of this.functions.values()) {
      for (const grant of grantsOf(serviceName)) {
        if (grant === 'mail') {
          if (mailSend) role.addToPrincipalPolicy(mailSend);
        } else if (grant === 'appUrl') role.addToPrincipalPolicy(appUrlRead);
        else if (grant === 'importWorker') role.addManagedPolicy(data.importWorkerAccess);
        else if (grant === 'exportWorker') role.addManagedPolicy(data.exportWorkerAccess);
        else role.addManagedPolicy(data.access[grant]);
      }
    }
    new Rule(this, 'SweepSchedule', {
      description: 'Finishes the document changes a stopped process left half-applied',
      schedule: Schedule.rate(Duration.minutes(5)),
      targets: [new LambdaFunction(sweep.fn, { retryAttempts: 2 })],
    });
    // The night's run in segments: each invocation goes on where the last one stopped, the later ones find it done.
    new Rule(this, 'RecountSchedule', {
      description: 'Recounts the list counters every night, when writes are few, in segments every 15 minutes',
      schedule: Schedule.cron({ minute: '0/15', hour: '2-4' }),
      targets: [new LambdaFunction(recount.fn, { retryAttempts: 2 })],
    });

    this.monitoring = new ApiMonitoring(this, 'Monitoring', {
      appEnv: props.appEnv,
      prefix: `cellar-${props.appEnv}`,
      alarmEmail: props.alarmEmail,
      api: this.api,
      functions: this.functions,
      workers: workers.map((w) => w.serviceName),
      queues: {
        imports: data.importQueue,
        exports: data.exportQueue,
        'warehouse-orders': data.warehouseOrderQueue,
        'warehouse-events': data.warehouseEventQueue,
        webhooks: data.webhookQueue,
      },
      table: data.table,
      regionalWebAcl,
    });
  }

  /**
   * The secret CloudFront sends in its origin header, and the web ACL of the stage that blocks any request without
   * it: the API is reached through the distribution (its WAF, its rate limit) or not at all. Returns the web ACL's
   * metric name.
   */
  private onlyThroughCloudFront(appEnv: string): string {
    const secret = new Secret(this, 'OriginSecret', {
      secretName: originSecretName(appEnv),
      description: `Value of the ${ORIGIN_VERIFY_HEADER} header CloudFront sends to the Cellar API, which refuses requests without it`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    Validations.of(secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Read by CloudFormation only (the distribution and the web ACL, at deployment): rotating it means redeploying both, done by hand.',
    });
    const name = `cellar-${appEnv}-api`;
    const webAcl = new CfnWebACL(this, 'WebAcl', {
      name,
      description: 'Cellar API: only requests carrying the CloudFront origin secret',
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      rules: apiRules(originSecretValue(appEnv)),
      visibilityConfig: webAclVisibility(name),
    });
    // The dynamic reference must find the secret created.
    webAcl.node.addDependency(secret);
    new CfnWebACLAssociation(this, 'WebAclAssociation', {
      resourceArn: this.api.deploymentStage.stageArn,
      webAclArn: webAcl.attrArn,
    });
    return name;
  }

  private acknowledgeApiFindings() {
    const api = Validations.of(this.api);
    api.acknowledge({
      id: 'AwsSolutions-APIG2',
      reason: 'Each Lambda validates its input against the zod schemas of the shared route table.',
    });
    const selfAuthenticated =
      'The Lambdas authenticate every request themselves (HS256 JWT, access levels of the shared route table); sign-in must stay public.';
    api.acknowledge({ id: 'AwsSolutions-APIG4', reason: selfAuthenticated });
    api.acknowledge({ id: 'AwsSolutions-COG4', reason: selfAuthenticated });
    api.acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
      reason: "API Gateway's account-level logging role: the AWS-managed policy is the documented one, logs only.",
    });
  }
}

const pascalCase = (s: string) => s.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase());
