/**
 * Creates the first superadmin of a deployed stage, with the provider's company and warehouses, and e-mails the
 * first-login link; no password on a command line, no demo data. Run once after the first `cdk deploy`, with the
 * deploying credentials:
 *
 *   npm run first-superadmin -- --env production --region eu-west-3 \
 *     --email anne.martin@cellar-logistique.fr --firstname Anne --lastname Martin \
 *     --company "CELLAR=Cellar Logistique" --warehouse "BDX=Bordeaux – Bruges" --warehouse "COG=Cognac"
 *
 * The code that runs is the functions' own (functions/src/users/first-superadmin.ts) with the settings of the
 * stage's deployed users function (its table, its site address parameter, its SES sender), read from the stage's
 * API stack. Running it again with the same e-mail finishes a run that died half-way, or sends the link again
 * while the person has not chosen a password; with another e-mail it is refused.
 */
import { parseArgs } from 'node:util';
import { DomainError, describeError } from '@cellar/functions/errors';
import type { FirstSuperadmin } from '@cellar/shared/users/schemas';

const USAGE =
  'Usage: npm run first-superadmin -- --env <env> [--region <region>] --email <e-mail> --firstname <first name> ' +
  '--lastname <last name> --company "<CODE>=<name>" [--country FR] [--language fr|en] --warehouse "<CODE>=<name>" …';

export interface Invocation {
  env: string;
  region?: string;
  request: FirstSuperadmin;
}

const pair = (option: string, value: string) => {
  const at = value.indexOf('=');
  if (at < 1) throw new Error(`--${option} takes CODE=name, got "${value}"\n${USAGE}`);
  return { code: value.slice(0, at).trim(), name: value.slice(at + 1).trim() };
};

/** The command line, read; the request itself is validated by the shared schema when it runs. */
export function parseInvocation(argv: string[]): Invocation {
  const { values } = parseArgs({
    args: argv,
    options: {
      env: { type: 'string' },
      region: { type: 'string' },
      email: { type: 'string' },
      firstname: { type: 'string' },
      lastname: { type: 'string' },
      company: { type: 'string' },
      country: { type: 'string' },
      language: { type: 'string' },
      warehouse: { type: 'string', multiple: true },
    },
    strict: true,
  });
  if (!values.env || !values.email || !values.company) throw new Error(USAGE);
  const company = pair('company', values.company);
  return {
    env: values.env,
    region: values.region,
    request: {
      email: values.email,
      firstname: values.firstname ?? '',
      lastname: values.lastname ?? '',
      language: values.language === 'en' ? 'en' : 'fr',
      company: { ...company, country: values.country ?? 'FR' },
      warehouses: (values.warehouse ?? []).map((w) => pair('warehouse', w)),
    },
  };
}

/** The environment of the stage's deployed users function: the settings the API itself runs with. */
export async function deployedSettings(env: string, region?: string): Promise<Record<string, string>> {
  const [{ CloudFormationClient, DescribeStackResourcesCommand }, { LambdaClient, GetFunctionConfigurationCommand }] =
    await Promise.all([import('@aws-sdk/client-cloudformation'), import('@aws-sdk/client-lambda')]);
  const stack = `cellar-${env}-api`;
  const { StackResources = [] } = await new CloudFormationClient({ region }).send(
    new DescribeStackResourcesCommand({ StackName: stack }),
  );
  const users = StackResources.find(
    (r) => r.ResourceType === 'AWS::Lambda::Function' && r.LogicalResourceId?.startsWith('UsersFunction'),
  );
  if (!users?.PhysicalResourceId) throw new Error(`No users function in the stack ${stack}: is the stage deployed?`);
  const { Environment } = await new LambdaClient({ region }).send(
    new GetFunctionConfigurationCommand({ FunctionName: users.PhysicalResourceId }),
  );
  return { ...(Environment?.Variables ?? {}), ...(region ? { AWS_REGION: region } : {}) };
}

/**
 * Runs the command with the given settings (the deployed stage's, or the local runtime's in the tests): the
 * functions' code reads them from the environment, as it does in Lambda. Answers what it did, for the console.
 */
export async function run(request: FirstSuperadmin, settings: Record<string, string>): Promise<string> {
  if (settings.APP_ENV !== 'local' && settings.MAIL_SENDER !== 'ses')
    throw new Error(
      'This stage sends no e-mail, so the first-login link could not reach anyone: deploy it with a verified SES sender (context mailFrom) first.',
    );
  Object.assign(process.env, settings);
  const { createFirstSuperadmin } = await import('@cellar/functions/users/first-superadmin');
  const user = await createFirstSuperadmin(request);
  return `Superadmin ${user.email} of ${request.company.code} is ready: the first-login link was e-mailed to them (valid 7 days).`;
}

async function main() {
  const invocation = parseInvocation(process.argv.slice(2));
  const settings = await deployedSettings(invocation.env, invocation.region);
  console.log(await run(invocation.request, settings));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof DomainError ? JSON.stringify(describeError(error, 'en')) : String(error));
    process.exitCode = 1;
  });
}
