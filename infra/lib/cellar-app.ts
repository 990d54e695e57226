import { type App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ApiStack } from './api-stack';
import { DataStack } from './data-stack';
import { EdgeStack } from './edge-stack';
import { stageOf } from './stages';
import { type CustomDomain, WebStack } from './web-stack';

export interface CellarStacks {
  readonly data: DataStack;
  readonly api: ApiStack;
  readonly web: WebStack;
  /** In us-east-1, as CloudFront requires: its web ACL and that ACL's alarm. */
  readonly edge: EdgeStack;
}

/**
 * Where the stacks go when the context's `region` does not say: Paris, near the users. Never the CLI's default
 * region (us-east-1 on many machines), which would put an environment somewhere nobody chose.
 */
export const DEFAULT_REGION = 'eu-west-3';

/**
 * The whole deployment of one environment, read from context: `env` (default production) names the stacks
 * `cellar-<env>-data|api|web`; `stage` (dev, staging or prod; by default the one `env` names, production being prod)
 * says what is retained and how long logs are kept (stages.ts); `domainName` with `certificateArn` put the site on a custom domain; `mailFrom` (a verified SES sender)
 * turns on e-mail delivery.
 * The AwsSolutions rules run on every synth: an unacknowledged error fails it.
 */
export function addCellarStacks(app: App): CellarStacks {
  const appEnv = contextString(app, 'env') ?? 'production';
  if (!/^[a-z][a-z0-9-]{0,30}$/.test(appEnv)) {
    throw new Error(`Context env must be lower-case letters, digits and dashes, got "${appEnv}"`);
  }
  const stage = stageOf(appEnv, contextString(app, 'stage'));
  const prefix = `cellar-${appEnv}`;
  const tags = { app: 'cellar', env: appEnv };
  // Explicit regions: the web stack reads the edge stack's web ACL across regions (Fn::GetStackOutput).
  const account = process.env.CDK_DEFAULT_ACCOUNT;
  const region = contextString(app, 'region') ?? DEFAULT_REGION;
  const env = { account, region };
  const alarmEmail = contextString(app, 'alarmEmail');

  const appUrlParameter = `/cellar/${appEnv}/app-url`;
  const domain = customDomain(app);
  const data = new DataStack(app, `${prefix}-data`, {
    tags,
    env,
    description: `Cellar ${appEnv}: table, buckets, queues`,
    stage,
    siteOrigin: domain ? `https://${domain.name}` : undefined,
  });
  const api = new ApiStack(app, `${prefix}-api`, {
    tags,
    env,
    description: `Cellar ${appEnv}: API and workers`,
    data,
    appEnv,
    stage,
    appUrlParameter,
    mailFrom: contextString(app, 'mailFrom'),
    alarmEmail,
  });
  const edge = new EdgeStack(app, `${prefix}-edge`, {
    tags,
    env: { account, region: 'us-east-1' },
    description: `Cellar ${appEnv}: CloudFront web ACL and its alarm (us-east-1)`,
    prefix,
    alarmEmail,
  });
  const web = new WebStack(app, `${prefix}-web`, {
    tags,
    env,
    description: `Cellar ${appEnv}: web app and CloudFront`,
    api: api.api,
    domain,
    uploadOrigin: `https://${data.importsBucket.bucketRegionalDomainName}`,
    appUrlParameter,
    retainData: stage.retainData,
    appEnv,
    webAclArn: edge.webAcl.attrArn,
  });

  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { data, api, web, edge };
}

function customDomain(app: App): CustomDomain | undefined {
  const name = contextString(app, 'domainName');
  const certificateArn = contextString(app, 'certificateArn');
  if (!name && !certificateArn) return undefined;
  if (!name || !certificateArn) throw new Error('Context domainName and certificateArn go together');
  return { name, certificateArn };
}

function contextString(app: App, key: string): string | undefined {
  const value: unknown = app.node.tryGetContext(key);
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new Error(`Context ${key} must be a string`);
  return value;
}
