import { RESOURCES, routeList, routes } from '@cellar/shared/routes/table';
import type { CfnElement } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { grantsOf, SENSITIVE_ROUTE_THROTTLES } from '../../infra/lib/api-stack';
import { resourcesOf, synthCellar } from './synth';

const { api, stacks } = synthCellar();
const dataLogicalId = (construct: IConstruct) => stacks.data.getLogicalId(construct.node.defaultChild as CfnElement);

const functions = resourcesOf(api, 'AWS::Lambda::Function');
const serviceOf = (logicalId: string) =>
  (functions[logicalId]!.Properties.Environment as { Variables: Record<string, string> }).Variables
    .POWERTOOLS_SERVICE_NAME;

/** `GET /api/contacts/{id} → contacts`, for every method of the deployed REST API. */
function deployedRoutes(): string[] {
  const resources = resourcesOf(api, 'AWS::ApiGateway::Resource');
  const pathOf = (ref: unknown): string => {
    const id = (ref as { Ref?: string }).Ref;
    if (!id) return ''; // the root resource
    const { ParentId, PathPart } = resources[id]!.Properties;
    return `${pathOf(ParentId)}/${PathPart}`;
  };
  return Object.values(resourcesOf(api, 'AWS::ApiGateway::Method')).map(({ Properties: method }) => {
    const target = Object.keys(functions).find((id) => JSON.stringify(method.Integration).includes(`"${id}"`));
    return `${method.HttpMethod} ${pathOf(method.ResourceId)} → ${target ? serviceOf(target) : 'nothing'}`;
  });
}

describe('ApiStack: the functions', () => {
  it('has one Lambda per resource of the route table, plus the import, export, warehouse and webhook workers, the recount and the sweep', () => {
    const services = Object.keys(functions).map(serviceOf);
    expect(services.sort()).toEqual(
      [
        ...RESOURCES,
        'imports-worker',
        'exports-worker',
        'warehouse-events-worker',
        'webhooks-worker',
        'recount',
        'sweep',
      ].sort(),
    );
  });

  it.each(Object.keys(functions))('%s runs Node 22 on arm64 with the environment the code reads', (id) => {
    expect(functions[id]!.Properties).toMatchObject({
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Handler: 'index.handler',
      Environment: {
        Variables: {
          TABLE_NAME: expect.anything(),
          IMPORT_BUCKET: expect.anything(),
          EXPORT_BUCKET: expect.anything(),
          IMPORT_QUEUE_URL: expect.anything(),
          JWT_SECRET_ARN: expect.anything(),
          APP_ENV: 'production',
          POWERTOOLS_SERVICE_NAME: expect.any(String),
          POWERTOOLS_LOG_LEVEL: 'INFO',
          NODE_OPTIONS: '--enable-source-maps',
        },
      },
    });
  });

  it('gives every function its own role, with its own log group and the data policies of its grants only', () => {
    // Prepare: the data stack's policies, as the API stack imports them (by their logical ids).
    const policyIds = new Map<string, string>([
      ...Object.entries(stacks.data.access).map(([grant, p]) => [grant, dataLogicalId(p)] as [string, string]),
      ['importWorker', dataLogicalId(stacks.data.importWorkerAccess)],
      ['exportWorker', dataLogicalId(stacks.data.exportWorkerAccess)],
    ]);
    const roleIds = new Set<string>();
    for (const { Properties: fn } of Object.values(functions)) {
      const service = (fn.Environment as { Variables: Record<string, string> }).Variables.POWERTOOLS_SERVICE_NAME!;
      const roleId = (fn.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      roleIds.add(roleId);
      const role = resourcesOf(api, 'AWS::IAM::Role')[roleId]!.Properties;
      // Act
      const attached = [...policyIds]
        .filter(([, id]) => JSON.stringify(role.ManagedPolicyArns ?? []).includes(id))
        .map(([grant]) => grant);
      // Assess
      const expected = grantsOf(service).filter((g) => policyIds.has(g));
      expect(attached.sort(), service).toEqual([...expected].sort());
      expect((role.ManagedPolicyArns as unknown[] | undefined) ?? [], service).toHaveLength(expected.length);
      expect(JSON.stringify(role.ManagedPolicyArns ?? [])).not.toContain('AWSLambdaBasicExecutionRole');
    }
    expect(roleIds.size).toBe(Object.keys(functions).length);
  });

  it('lets only the functions that send e-mails, sign-in, users, the import worker, the warehouse reports’ worker and the sweep, read the site address and send', () => {
    // Prepare
    const { api: withMail } = synthCellar({ mailFrom: 'no-reply@cellar.example' });
    const fns = resourcesOf(withMail, 'AWS::Lambda::Function');
    const policies = Object.values(resourcesOf(withMail, 'AWS::IAM::Policy'));
    // Act
    const senders = Object.values(fns)
      .filter(({ Properties: fn }) => {
        const roleId = (fn.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
        const own = policies.filter((p) => JSON.stringify(p.Properties.Roles).includes(`"${roleId}"`));
        const text = JSON.stringify(own.map((p) => p.Properties.PolicyDocument));
        const sends = text.includes('ses:SendEmail');
        expect(text.includes('ssm:GetParameter')).toBe(sends);
        return sends;
      })
      .map(
        ({ Properties: fn }) =>
          (fn.Environment as { Variables: Record<string, string> }).Variables.POWERTOOLS_SERVICE_NAME,
      );
    // Assess
    expect(senders.sort()).toEqual(['auth', 'imports-worker', 'sweep', 'users', 'warehouse-events-worker']);
  });

  it("ends every API function's run before API Gateway's 29-second integration limit", () => {
    const apiFunctions = Object.keys(functions).filter((id) =>
      (RESOURCES as readonly string[]).includes(serviceOf(id)!),
    );
    expect(apiFunctions).toHaveLength(RESOURCES.length);
    for (const id of apiFunctions) expect(functions[id]!.Properties.Timeout, serviceOf(id)).toBeLessThan(29);
  });

  it('recounts the counters every night, in invocations every 15 minutes from 02:00 to 04:45 that go on from each other', () => {
    // Prepare
    const recount = Object.keys(functions).find((id) => serviceOf(id) === 'recount');
    // Assess
    api.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'cron(0/15 2-4 * * ? *)',
      State: 'ENABLED',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [recount, 'Arn'] } })],
    });
    expect(functions[recount as string]!.Properties.Timeout).toBe(900);
  });

  it('sweeps every five minutes: the document changes a stopped process left half-way, the unanswered outbox', () => {
    // Prepare
    const sweep = Object.keys(functions).find((id) => serviceOf(id) === 'sweep');
    // Assess
    api.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(5 minutes)',
      State: 'ENABLED',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [sweep, 'Arn'] } })],
    });
    // Done well within its schedule, so that two sweeps never overlap for long.
    expect(functions[sweep as string]!.Properties.Timeout).toBeLessThan(300);
  });
});

describe('ApiStack: concurrency', () => {
  /** What AWS keeps unreserved in every account whatever is reserved: the API's functions share the rest. */
  const UNRESERVED_MINIMUM = 100;
  /** An account's default concurrency in a region. */
  const ACCOUNT_DEFAULT = 1000;
  const reserved = Object.keys(functions).map((id) => ({
    service: serviceOf(id) as string,
    id,
    reserved: functions[id]!.Properties.ReservedConcurrentExecutions as number | undefined,
  }));

  it('reserves concurrency for every worker and scheduled function, never for an API function', () => {
    const background = [
      'imports-worker',
      'exports-worker',
      'warehouse-events-worker',
      'webhooks-worker',
      'recount',
      'sweep',
    ];
    for (const fn of reserved) {
      if (background.includes(fn.service)) expect(fn.reserved, fn.service).toBeGreaterThanOrEqual(1);
      else expect(fn.reserved, fn.service).toBeUndefined();
    }
    // Caps the workers, and so keeps room for the API: most of a default account is left to it.
    const total = reserved.reduce((sum, fn) => sum + (fn.reserved ?? 0), 0);
    expect(total).toBeLessThanOrEqual((ACCOUNT_DEFAULT - UNRESERVED_MINIMUM) / 10);
  });

  it('runs one recount and one sweep at a time', () => {
    expect(reserved.filter((fn) => ['recount', 'sweep'].includes(fn.service)).map((fn) => fn.reserved)).toEqual([1, 1]);
  });

  it('never has a queue poll more batches at once than its worker may run, so that no batch is throttled', () => {
    // A throttled batch comes back after the visibility timeout with one receive more, towards the dead-letter queue.
    const mappings = Object.values(resourcesOf(api, 'AWS::Lambda::EventSourceMapping'));
    expect(mappings).toHaveLength(4);
    for (const { Properties: mapping } of mappings) {
      const fn = reserved.find((f) => f.id === (mapping.FunctionName as { Ref: string }).Ref)!;
      expect(mapping.ScalingConfig, fn.service).toEqual({ MaximumConcurrency: fn.reserved });
    }
  });
});

describe('ApiStack: the REST API', () => {
  it('deploys exactly the routes of the route table, each to the Lambda of its resource', () => {
    // Prepare
    const expected = routeList.map((r) => `${r.method} ${r.path} → ${r.resource}`);
    // Act
    const deployed = deployedRoutes();
    // Assess
    expect(deployed.sort()).toEqual(expected.sort());
  });

  it('serves the dashboard from a Lambda of its own', () => {
    expect(deployedRoutes()).toContain('GET /api/dashboard → dashboard');
  });

  it('sends the shipping order routes to one function of their own, with the table, the token key and the warehouse’s queue', () => {
    // Prepare
    const shipping = deployedRoutes().filter((r) => r.includes('/api/shipping-orders'));
    const fn = Object.keys(functions).find((id) => serviceOf(id) === 'shippingOrders') as string;
    const roleId = (functions[fn]!.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    // Assess
    expect(shipping.sort()).toEqual([
      'DELETE /api/shipping-orders/{id} → shippingOrders',
      'GET /api/shipping-orders → shippingOrders',
      'GET /api/shipping-orders/{id} → shippingOrders',
      'POST /api/shipping-orders → shippingOrders',
      'PUT /api/shipping-orders/{id} → shippingOrders',
    ]);
    expect(resourcesOf(api, 'AWS::IAM::Role')[roleId]!.Properties.ManagedPolicyArns).toHaveLength(3);
  });

  it('takes no file through the API (import files go straight to S3), and declares no binary type: answers stream', () => {
    const [restApi] = Object.values(resourcesOf(api, 'AWS::ApiGateway::RestApi'));
    expect(restApi?.Properties.BinaryMediaTypes).toBeUndefined();
  });

  it('streams every answer, so that none is bound by the 6 MB of a buffered Lambda result', () => {
    // Prepare
    const methods = Object.values(resourcesOf(api, 'AWS::ApiGateway::Method'));
    const modes = deployedRoutes().map((route, i) => {
      const integration = methods[i]!.Properties.Integration as { ResponseTransferMode?: string; Uri: unknown };
      return { route, mode: integration.ResponseTransferMode ?? 'BUFFERED', uri: JSON.stringify(integration.Uri) };
    });
    // Assess
    expect(modes.length).toBe(routeList.length);
    for (const m of modes) {
      expect(m.mode, m.route).toBe('STREAM');
      expect(m.uri.includes('response-streaming-invocations'), m.route).toBe(true);
    }
  });

  it('leaves authentication to the Lambdas', () => {
    for (const { Properties: method } of Object.values(resourcesOf(api, 'AWS::ApiGateway::Method'))) {
      expect(method.AuthorizationType).toBe('NONE');
      expect(method.Integration).toMatchObject({ Type: 'AWS_PROXY', IntegrationHttpMethod: 'POST' });
    }
  });

  it('lets API Gateway invoke each function through one permission, whatever the number of routes', () => {
    const permissions = Object.values(resourcesOf(api, 'AWS::Lambda::Permission')).map((p) => p.Properties.Principal);
    expect(permissions.filter((p) => p === 'apigateway.amazonaws.com')).toHaveLength(RESOURCES.length);
    // And the schedules their recount and sweep.
    expect(permissions.filter((p) => p === 'events.amazonaws.com')).toHaveLength(2);
  });

  it('is regional, throttled and logs every request without bodies', () => {
    api.hasResourceProperties('AWS::ApiGateway::RestApi', { EndpointConfiguration: { Types: ['REGIONAL'] } });
    api.hasResourceProperties('AWS::ApiGateway::Stage', {
      AccessLogSetting: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
      MethodSettings: Match.arrayWith([
        Match.objectLike({
          HttpMethod: '*',
          ResourcePath: '/*',
          ThrottlingRateLimit: 100,
          ThrottlingBurstLimit: 200,
          LoggingLevel: 'ERROR',
          DataTraceEnabled: false,
        }),
      ]),
    });
  });

  it('throttles sign-in and the password reset routes of the route table below the stage default', () => {
    // Prepare
    const stage = Object.values(resourcesOf(api, 'AWS::ApiGateway::Stage'))[0]!.Properties as {
      MethodSettings: {
        HttpMethod: string;
        ResourcePath: string;
        ThrottlingRateLimit: number;
        ThrottlingBurstLimit: number;
      }[];
    };
    // API Gateway writes a method's resource path as / then the path with its slashes escaped as ~1.
    const throttled = stage.MethodSettings.filter((m) => m.ResourcePath !== '/*').map(
      (m) =>
        `${m.HttpMethod} ${m.ResourcePath.replace(/^\//, '').replaceAll('~1', '/')} ${m.ThrottlingRateLimit}/${m.ThrottlingBurstLimit}`,
    );
    // Assess
    expect(throttled.sort()).toEqual(
      [
        `${routes.authToken.method} ${routes.authToken.path} 10/20`,
        `${routes.authPasswordEmail.method} ${routes.authPasswordEmail.path} 2/5`,
        `${routes.authPasswordReset.method} ${routes.authPasswordReset.path} 2/5`,
      ].sort(),
    );
    // Each one a deployed method, public.
    for (const { route } of SENSITIVE_ROUTE_THROTTLES) {
      expect(route.access).toBe(0);
      expect(deployedRoutes()).toContain(`${route.method} ${route.path} → ${route.resource}`);
    }
  });
});

describe('ApiStack: the import worker', () => {
  it('takes batches of ten from the import queue and reports the failed items only', () => {
    // Prepare
    const worker = Object.keys(functions).find((id) => serviceOf(id) === 'imports-worker');
    // Assess
    api.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: worker },
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      EventSourceArn: Match.anyValue(),
    });
  });
});
