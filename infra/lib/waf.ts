import type { RouteDef } from '@cellar/shared/routes/define';
import { routeList, routes } from '@cellar/shared/routes/table';
import { SecretValue } from 'aws-cdk-lib';
import type { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';

type Rule = CfnWebACL.RuleProperty;
type Statement = CfnWebACL.StatementProperty;

/** The header CloudFront adds to every request it sends to the API, carrying the origin secret. */
export const ORIGIN_VERIFY_HEADER = 'x-cellar-origin-verify';

/** The name of the edge stack's web ACL, also its metrics' WebACL dimension. */
export const edgeWebAclName = (prefix: string) => `${prefix}-edge`;

/** The Secrets Manager name of the origin secret, so that the API and web stacks reach it without a reference. */
export const originSecretName = (appEnv: string) => `cellar/${appEnv}/origin-verify`;

/**
 * The origin secret as a CloudFormation dynamic reference: CloudFormation reads it at deployment, the template holds
 * only its name.
 */
export const originSecretValue = (appEnv: string) =>
  SecretValue.secretsManager(originSecretName(appEnv)).unsafeUnwrap();

/** Requests per five minutes from one viewer address to the sign-in routes before they are blocked for a while. */
export const AUTH_RATE_LIMIT = 300;

/** The path prefix of the sign-in and password routes (`/api/auth/`), from the route table. */
export const AUTH_PATH_PREFIX = routes.authToken.path.replace(/[^/]+$/, '');

/** The uploads (multipart routes of the table, the CSV imports): their bodies are files, several MB of text. */
export const UPLOAD_ROUTES: readonly { method: string; pathPrefix: string }[] = routeList
  .filter((r: RouteDef) => r.multipart)
  .map((r) => ({ method: r.method, pathPrefix: r.path.slice(0, r.path.indexOf('{')) }));

/**
 * The core rule set's rules that read the body. An upload is a file, larger than 8 KB and free text: left to block,
 * they would refuse every CSV import. They count instead, and the rule after the group blocks what they label
 * unless the request is an upload.
 */
export const CORE_BODY_RULES = [
  'SizeRestrictions_BODY',
  'CrossSiteScripting_BODY',
  'GenericLFI_BODY',
  'GenericRFI_BODY',
  'EC2MetaDataSSRF_BODY',
] as const;
/** The label each of them adds (`SizeRestrictions_BODY` → `…:SizeRestrictions_Body`). */
export const coreBodyLabel = (rule: string) => `awswaf:managed:aws:core-rule-set:${rule.replace(/_BODY$/, '_Body')}`;

/** CloudWatch metrics (named `metricName`) and sampled requests, for a web ACL or one of its rules. */
export const webAclVisibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

const NO_TRANSFORMATION = [{ priority: 0, type: 'NONE' }];

const uriStartsWith = (prefix: string): Statement => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'STARTS_WITH',
    searchString: prefix,
    textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
  },
});

const methodIs = (method: string): Statement => ({
  byteMatchStatement: {
    fieldToMatch: { method: {} },
    positionalConstraint: 'EXACTLY',
    searchString: method,
    textTransformations: NO_TRANSFORMATION,
  },
});

const anyOf = (statements: Statement[]): Statement =>
  statements.length === 1 ? statements[0]! : { orStatement: { statements } };

const managed = (
  name: string,
  priority: number,
  ruleActionOverrides?: CfnWebACL.RuleActionOverrideProperty[],
): Rule => ({
  name,
  priority,
  overrideAction: { none: {} },
  statement: { managedRuleGroupStatement: { vendorName: 'AWS', name, ruleActionOverrides } },
  visibilityConfig: webAclVisibility(name),
});

/**
 * The rules of the CloudFront web ACL, in order: the sign-in rate limit, AWS's IP reputation list and known bad
 * inputs, the core rule set with its body rules counting, then those body rules blocking outside uploads.
 */
export function edgeRules(): Rule[] {
  const upload = anyOf(
    UPLOAD_ROUTES.map((u) => ({ andStatement: { statements: [methodIs(u.method), uriStartsWith(u.pathPrefix)] } })),
  );
  return [
    {
      name: 'AuthRateLimit',
      priority: 0,
      action: { block: {} },
      statement: {
        rateBasedStatement: {
          limit: AUTH_RATE_LIMIT,
          evaluationWindowSec: 300,
          aggregateKeyType: 'IP',
          scopeDownStatement: uriStartsWith(AUTH_PATH_PREFIX),
        },
      },
      visibilityConfig: webAclVisibility('AuthRateLimit'),
    },
    managed('AWSManagedRulesAmazonIpReputationList', 1),
    managed('AWSManagedRulesKnownBadInputsRuleSet', 2),
    managed(
      'AWSManagedRulesCommonRuleSet',
      3,
      CORE_BODY_RULES.map((name) => ({ name, actionToUse: { count: {} } })),
    ),
    {
      name: 'CoreBodyRulesExceptUploads',
      priority: 4,
      action: { block: {} },
      statement: {
        andStatement: {
          statements: [
            anyOf(
              CORE_BODY_RULES.map((rule) => ({ labelMatchStatement: { scope: 'LABEL', key: coreBodyLabel(rule) } })),
            ),
            { notStatement: { statement: upload } },
          ],
        },
      },
      visibilityConfig: webAclVisibility('CoreBodyRulesExceptUploads'),
    },
  ];
}

/** The one rule of the API's web ACL: a request without CloudFront's origin secret is blocked. */
export function apiRules(secret: string): Rule[] {
  return [
    {
      name: 'OnlyThroughCloudFront',
      priority: 0,
      action: { block: {} },
      statement: {
        notStatement: {
          statement: {
            byteMatchStatement: {
              fieldToMatch: { singleHeader: { Name: ORIGIN_VERIFY_HEADER } },
              positionalConstraint: 'EXACTLY',
              searchString: secret,
              textTransformations: NO_TRANSFORMATION,
            },
          },
        },
      },
      visibilityConfig: webAclVisibility('OnlyThroughCloudFront'),
    },
  ];
}
