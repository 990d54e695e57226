import { routes } from '@cellar/shared/routes/table';
import { SecretValue } from 'aws-cdk-lib';
import type { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { API_MAX_BODY_BYTES } from '../../functions/src/config/topology';

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
 * No file goes through the API (an import's file is posted straight to S3 with a presigned POST), so every body the
 * API takes is a form's JSON: the content rules block on every route. The size rule does not: an order or a
 * reception of 500 lines is far over 8 KB (see BODY_SIZE_RULE).
 */
export const CORE_BODY_RULES = [
  'SizeRestrictions_BODY',
  'CrossSiteScripting_BODY',
  'GenericLFI_BODY',
  'GenericRFI_BODY',
  'EC2MetaDataSSRF_BODY',
] as const;

/**
 * The core rule set's 8 KB body limit, set to count: it only labels what it matches. `BodyOver8KbOutsideApi` blocks
 * those labelled requests outside `/api/`, `ApiBodyOverLimit` keeps a limit on the API's bodies: the API's own.
 */
export const BODY_SIZE_RULE = 'SizeRestrictions_BODY';
/** The label the core rule set puts on a body over 8 KB (AWS documents each rule's label). */
export const BODY_SIZE_LABEL = 'awswaf:managed:aws:core-rule-set:SizeRestrictions_Body';

/** The path prefix of every API route, from the route table (CloudFront's `/api/*` behaviour). */
export const API_PATH_PREFIX = `/${routes.authToken.path.split('/')[1]}/`;

/**
 * A WAF regular expression (PCRE without capturing groups) matching the decimal integers greater than `n`, leading
 * zeros allowed. It reads a Content-Length: AWS WAF sees 16 KB of a body (64 KB at extra cost), not its whole size.
 * @example greaterThanPattern(120) // '^0*(?:[1-9][0-9]{3,}|[2-9][0-9]{2}|1[3-9][0-9]{1}|12[1-9])$'
 */
export function greaterThanPattern(n: number): string {
  const digits = String(n);
  const alternatives = [`[1-9][0-9]{${digits.length},}`];
  for (let i = 0; i < digits.length; i++) {
    const digit = Number(digits[i]);
    if (digit === 9) continue;
    const rest = digits.length - i - 1;
    alternatives.push(`${digits.slice(0, i)}[${digit + 1}-9]${rest ? `[0-9]{${rest}}` : ''}`);
  }
  return `^0*(?:${alternatives.join('|')})$`;
}

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

const managed = (name: string, priority: number, counted: readonly string[] = []): Rule => ({
  name,
  priority,
  overrideAction: { none: {} },
  statement: {
    managedRuleGroupStatement: {
      vendorName: 'AWS',
      name,
      ...(counted.length
        ? { ruleActionOverrides: counted.map((rule) => ({ name: rule, actionToUse: { count: {} } })) }
        : {}),
    },
  },
  visibilityConfig: webAclVisibility(name),
});

/**
 * The rules of the CloudFront web ACL, in order: the sign-in rate limit, AWS's IP reputation list and known bad
 * inputs, the core rule set (every rule of it blocking but the 8 KB body limit, which only labels), then the body
 * limits: 8 KB outside the API, the API's own limit (API_MAX_BODY_BYTES, read from Content-Length) on it.
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
    managed('AWSManagedRulesCommonRuleSet', 3, [BODY_SIZE_RULE]),
    {
      name: 'BodyOver8KbOutsideApi',
      priority: 4,
      action: { block: {} },
      statement: {
        andStatement: {
          statements: [
            { labelMatchStatement: { scope: 'LABEL', key: BODY_SIZE_LABEL } },
            { notStatement: { statement: uriStartsWith(API_PATH_PREFIX) } },
          ],
        },
      },
      visibilityConfig: webAclVisibility('BodyOver8KbOutsideApi'),
    },
    {
      name: 'ApiBodyOverLimit',
      priority: 5,
      action: { block: {} },
      statement: {
        andStatement: {
          statements: [
            uriStartsWith(API_PATH_PREFIX),
            {
              regexMatchStatement: {
                fieldToMatch: { singleHeader: { Name: 'content-length' } },
                regexString: greaterThanPattern(API_MAX_BODY_BYTES),
                textTransformations: NO_TRANSFORMATION,
              },
            },
          ],
        },
      },
      visibilityConfig: webAclVisibility('ApiBodyOverLimit'),
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
