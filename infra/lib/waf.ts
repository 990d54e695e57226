import { routes } from '@cellar/shared/routes/table';
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

/**
 * The core rule set's rules that read the body (an 8 KB size limit, cross-site scripting, file inclusion, SSRF).
 * They block on every route: no file goes through the API (an import's file is posted straight to S3 with a
 * presigned POST), so every body the API takes is a form's JSON.
 */
export const CORE_BODY_RULES = [
  'SizeRestrictions_BODY',
  'CrossSiteScripting_BODY',
  'GenericLFI_BODY',
  'GenericRFI_BODY',
  'EC2MetaDataSSRF_BODY',
] as const;

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

const managed = (name: string, priority: number): Rule => ({
  name,
  priority,
  overrideAction: { none: {} },
  statement: { managedRuleGroupStatement: { vendorName: 'AWS', name } },
  visibilityConfig: webAclVisibility(name),
});

/**
 * The rules of the CloudFront web ACL, in order: the sign-in rate limit, AWS's IP reputation list and known bad
 * inputs, and the core rule set, every rule of it blocking.
 */
export function edgeRules(): Rule[] {
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
    managed('AWSManagedRulesCommonRuleSet', 3),
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
