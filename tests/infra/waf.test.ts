import { routes } from '@cellar/shared/routes/table';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { API_MAX_BODY_BYTES } from '../../functions/src/config/topology';
import {
  AUTH_RATE_LIMIT,
  BODY_SIZE_RULE,
  CORE_BODY_RULES,
  greaterThanPattern,
  ORIGIN_VERIFY_HEADER,
} from '../../infra/lib/waf';
import { largestDocumentBodies, withOneLineMore } from './document-bodies';
import { resourcesOf, synthCellar } from './synth';

const { api, web, edge, stacks } = synthCellar();

interface Statement {
  ByteMatchStatement?: {
    FieldToMatch: { UriPath?: object; Method?: object; SingleHeader?: { Name: string } };
    PositionalConstraint: 'EXACTLY' | 'STARTS_WITH';
    SearchString: unknown;
    TextTransformations: { Type: string }[];
  };
  LabelMatchStatement?: { Key: string; Scope: string };
  RegexMatchStatement?: {
    FieldToMatch: { SingleHeader: { Name: string } };
    RegexString: string;
    TextTransformations: { Type: string }[];
  };
  AndStatement?: { Statements: Statement[] };
  OrStatement?: { Statements: Statement[] };
  NotStatement?: { Statement: Statement };
  RateBasedStatement?: { Limit: number; AggregateKeyType: string; ScopeDownStatement: Statement };
  ManagedRuleGroupStatement?: {
    VendorName: string;
    Name: string;
    RuleActionOverrides?: { Name: string; ActionToUse: Record<string, object> }[];
  };
}
interface Rule {
  Name: string;
  Priority: number;
  Action?: Record<string, object>;
  OverrideAction?: Record<string, object>;
  Statement: Statement;
}
const webAcl = (template: typeof api) =>
  Object.values(resourcesOf(template, 'AWS::WAFv2::WebACL'))[0]!.Properties as {
    Scope: string;
    DefaultAction: object;
    Rules: Rule[];
    Name: string;
    Description: string;
  };

interface Request {
  method: string;
  uri: string;
  headers?: Record<string, string>;
  /** Sent as is, with its Content-Length unless the headers give one. */
  body?: string;
  /** The managed rules of the core rule set this request's content matches (besides the body's size, measured). */
  matches?: string[];
}

/** The core rule set's body limit: it matches a body over 8 KB (AWS's documentation of the rule group). */
const CORE_BODY_LIMIT = 8192;

/** The label a core rule puts on what it matches, as AWS documents them (`SizeRestrictions_BODY` → `…_Body`). */
const coreLabel = (rule: string) =>
  `awswaf:managed:aws:core-rule-set:${rule.replace(/_BODY$/, '_Body').replace(/_HEADER$/, '_Header')}`;

/**
 * What the synthesized web ACL does with a request, rule after rule as AWS WAF runs them (the rate limit taken as not
 * reached, the managed groups' matches given by the request): `block` or `allow`.
 */
function verdict(rules: Rule[], request: Request): 'block' | 'allow' {
  const labels = new Set<string>();
  const headers: Record<string, string> = {
    ...(request.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(request.body)) }),
    ...request.headers,
  };
  const matches = [...(request.matches ?? [])];
  if (request.body !== undefined && Buffer.byteLength(request.body) > CORE_BODY_LIMIT) matches.push(BODY_SIZE_RULE);
  const holds = (s: Statement): boolean => {
    if (s.AndStatement) return s.AndStatement.Statements.every(holds);
    if (s.OrStatement) return s.OrStatement.Statements.some(holds);
    if (s.NotStatement) return !holds(s.NotStatement.Statement);
    if (s.LabelMatchStatement) return labels.has(s.LabelMatchStatement.Key);
    if (s.RegexMatchStatement) {
      const { FieldToMatch, RegexString, TextTransformations } = s.RegexMatchStatement;
      expect(TextTransformations).toEqual([{ Priority: 0, Type: 'NONE' }]);
      const value = headers[FieldToMatch.SingleHeader.Name.toLowerCase()];
      return value !== undefined && new RegExp(RegexString).test(value);
    }
    if (s.ByteMatchStatement) {
      const { FieldToMatch: field, PositionalConstraint, SearchString, TextTransformations } = s.ByteMatchStatement;
      let value = field.UriPath
        ? request.uri
        : field.Method
          ? request.method
          : (headers[field.SingleHeader!.Name] ?? '');
      if (TextTransformations.some((t) => t.Type === 'LOWERCASE')) value = value.toLowerCase();
      const search = typeof SearchString === 'string' ? SearchString : JSON.stringify(SearchString);
      return PositionalConstraint === 'EXACTLY' ? value === search : value.startsWith(search);
    }
    throw new Error(`Statement not modelled: ${Object.keys(s).join()}`);
  };
  for (const rule of [...rules].sort((a, b) => a.Priority - b.Priority)) {
    const s = rule.Statement;
    if (s.RateBasedStatement) continue;
    if (s.ManagedRuleGroupStatement) {
      const group = s.ManagedRuleGroupStatement;
      if (group.Name !== 'AWSManagedRulesCommonRuleSet') continue;
      for (const match of matches) {
        labels.add(coreLabel(match));
        const override = group.RuleActionOverrides?.find((o) => o.Name === match);
        if (!override?.ActionToUse.Count) return 'block';
      }
      continue;
    }
    if (holds(s)) {
      if (rule.Action?.Block) return 'block';
      if (rule.Action?.Allow) return 'allow';
    }
  }
  return 'allow';
}

describe('WAF: the CloudFront web ACL', () => {
  const acl = webAcl(edge);

  it('lives in us-east-1, in the edge stack, and protects the distribution', () => {
    expect(stacks.edge.region).toBe('us-east-1');
    expect(acl).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} }, Name: 'cellar-production-edge' });
    // Read across regions by CloudFormation itself, no custom resource.
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        WebACLId: {
          'Fn::GetStackOutput': Match.objectLike({ StackName: 'cellar-production-edge', Region: 'us-east-1' }),
        },
      }),
    });
    web.resourceCountIs('AWS::Lambda::Function', 1); // the bucket deployment's only
  });

  it('rate-limits each viewer address on the sign-in and password routes', () => {
    const rule = acl.Rules.find((r) => r.Statement.RateBasedStatement)!;
    expect(rule).toMatchObject({
      Priority: 0,
      Action: { Block: {} },
      Statement: {
        RateBasedStatement: {
          Limit: AUTH_RATE_LIMIT,
          AggregateKeyType: 'IP',
          ScopeDownStatement: {
            ByteMatchStatement: {
              FieldToMatch: { UriPath: {} },
              PositionalConstraint: 'STARTS_WITH',
              SearchString: '/api/auth/',
            },
          },
        },
      },
    });
    for (const route of [routes.authToken, routes.authPasswordEmail, routes.authPasswordReset]) {
      expect(route.path.startsWith('/api/auth/')).toBe(true);
    }
  });

  it("runs AWS's IP reputation list, known bad inputs and core rule set", () => {
    const groups = acl.Rules.filter((r) => r.Statement.ManagedRuleGroupStatement).map((r) => ({
      name: r.Statement.ManagedRuleGroupStatement!.Name,
      vendor: r.Statement.ManagedRuleGroupStatement!.VendorName,
      override: r.OverrideAction,
    }));
    expect(groups).toEqual(
      [
        'AWSManagedRulesAmazonIpReputationList',
        'AWSManagedRulesKnownBadInputsRuleSet',
        'AWSManagedRulesCommonRuleSet',
      ].map((name) => ({ name, vendor: 'AWS', override: { None: {} } })),
    );
  });

  it('blocks what the core body rules match on every route, but counts the 8 KB limit', () => {
    // An import's file is posted straight to S3; what reaches the API is JSON, the import request included.
    const group = acl.Rules.find((r) => r.Statement.ManagedRuleGroupStatement?.Name === 'AWSManagedRulesCommonRuleSet');
    expect(group?.Statement.ManagedRuleGroupStatement?.RuleActionOverrides).toEqual([
      { Name: BODY_SIZE_RULE, ActionToUse: { Count: {} } },
    ]);
    for (const request of [
      { method: 'POST', uri: '/api/orders' },
      { method: 'POST', uri: '/api/csv/product' },
      { method: 'PUT', uri: '/api/csv/products' },
    ]) {
      for (const rule of CORE_BODY_RULES.filter((r) => r !== BODY_SIZE_RULE)) {
        expect(verdict(acl.Rules, { ...request, matches: [rule] }), `${request.method} ${request.uri} ${rule}`).toBe(
          'block',
        );
      }
    }
  });

  describe('lets every body the API takes through, and keeps a limit', () => {
    const documents = largestDocumentBodies();

    it.each(documents.map((d) => [`${d.route.method} ${d.route.path}`, d] as const))(
      'lets the largest valid %s through, far over the core rule set 8 KB',
      (_, { route, body, bytes }) => {
        // Prepare: the largest body is the schema's (one line more is refused), and the API takes it.
        expect(route.body!.safeParse(withOneLineMore(body)).success).toBe(false);
        expect(bytes).toBeGreaterThan(CORE_BODY_LIMIT);
        expect(bytes).toBeLessThanOrEqual(API_MAX_BODY_BYTES);
        const uri = route.path.replace('{id}', '01JABCDEFGHJKMNPQRSTVWXYZ0');
        // Act
        const answer = verdict(acl.Rules, { method: route.method, uri, body: JSON.stringify(body) });
        // Assess
        expect(answer).toBe('allow');
      },
    );

    it("refuses at the edge a body over the API's own limit, as the API would", () => {
      const request = (length: number) => ({
        method: 'POST',
        uri: '/api/orders',
        headers: { 'content-length': String(length) },
        matches: [BODY_SIZE_RULE],
      });
      expect(verdict(acl.Rules, request(API_MAX_BODY_BYTES))).toBe('allow');
      expect(verdict(acl.Rules, request(API_MAX_BODY_BYTES + 1))).toBe('block');
      expect(verdict(acl.Rules, request(10 * API_MAX_BODY_BYTES))).toBe('block');
    });

    it('keeps the 8 KB limit outside the API', () => {
      const body = 'x'.repeat(CORE_BODY_LIMIT + 1);
      expect(verdict(acl.Rules, { method: 'POST', uri: '/index.html', body })).toBe('block');
      expect(verdict(acl.Rules, { method: 'POST', uri: '/index.html', body: 'x'.repeat(CORE_BODY_LIMIT) })).toBe(
        'allow',
      );
    });
  });

  it('leaves the core rules that do not read bodies blocking, and lets a plain request through', () => {
    expect(verdict(acl.Rules, { method: 'POST', uri: '/api/csv/product', matches: ['NoUserAgent_HEADER'] })).toBe(
      'block',
    );
    expect(verdict(acl.Rules, { method: 'GET', uri: '/api/orders' })).toBe('allow');
  });

  it('alarms in us-east-1 when it blocks many requests, through a topic of its own', () => {
    edge.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'cellar-production-waf-edge-blocked',
      Namespace: 'AWS/WAFV2',
      MetricName: 'BlockedRequests',
      Dimensions: [
        { Name: 'Rule', Value: 'ALL' },
        { Name: 'WebACL', Value: 'cellar-production-edge' },
      ],
      AlarmActions: [{ Ref: Match.stringLikeRegexp('^AlarmsTopic') }],
    });
    edge.resourceCountIs('AWS::SNS::Topic', 1);
    const { edge: withEmail } = synthCellar({ alarmEmail: 'ops@cellar.example' });
    withEmail.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@cellar.example' });
  });
});

describe('WAF: the web ACLs', () => {
  it.each([
    ['edge', edge],
    ['api', api],
  ])('describes the %s web ACL in the characters CloudFormation accepts', (_, template) => {
    // CloudFormation's own pattern for AWS::WAFv2::WebACL Description (its validation is left out of these tests).
    const pattern = /^[a-zA-Z0-9=:#@/\-,.][a-zA-Z0-9+=:#@/\-,.\s]+[a-zA-Z0-9+=:#@/\-,.]{1,256}$/;
    expect(webAcl(template).Description).toMatch(pattern);
  });
});

describe('WAF: the API answers CloudFront only', () => {
  const acl = webAcl(api);
  const secretReference = '{{resolve:secretsmanager:cellar/production/origin-verify:SecretString:::}}';

  it('blocks in the stage web ACL any request without the origin secret', () => {
    expect(acl).toMatchObject({ Scope: 'REGIONAL', DefaultAction: { Allow: {} } });
    const headers = (value: string) => ({ [ORIGIN_VERIFY_HEADER]: value });
    expect(verdict(acl.Rules, { method: 'GET', uri: '/api/orders' })).toBe('block');
    expect(verdict(acl.Rules, { method: 'GET', uri: '/api/orders', headers: headers('guess') })).toBe('block');
    expect(verdict(acl.Rules, { method: 'GET', uri: '/api/orders', headers: headers(secretReference) })).toBe('allow');
    const association = Object.values(resourcesOf(api, 'AWS::WAFv2::WebACLAssociation'));
    expect(association).toHaveLength(1);
    const stageId = Object.keys(resourcesOf(api, 'AWS::ApiGateway::Stage'))[0]!;
    expect(JSON.stringify(association[0]!.Properties.ResourceArn)).toMatch(
      new RegExp(`/restapis/.*/stages/.*\\{"Ref":"${stageId}"\\}`),
    );
    expect(association[0]!.Properties.WebACLArn).toEqual({
      'Fn::GetAtt': [Object.keys(resourcesOf(api, 'AWS::WAFv2::WebACL'))[0], 'Arn'],
    });
  });

  it('has CloudFront send the same secret to the API origin, read by CloudFormation, never written in a template', () => {
    // Prepare
    const origins = (
      Object.values(resourcesOf(web, 'AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig as {
        Origins: { DomainName: unknown; OriginCustomHeaders?: { HeaderName: string; HeaderValue: string }[] }[];
      }
    ).Origins;
    const apiOrigin = origins.find((o) => JSON.stringify(o.DomainName).includes('execute-api'))!;
    // Assess
    expect(apiOrigin.OriginCustomHeaders).toEqual([{ HeaderName: ORIGIN_VERIFY_HEADER, HeaderValue: secretReference }]);
    expect(origins.filter((o) => o.OriginCustomHeaders)).toHaveLength(1);
    api.hasResourceProperties('AWS::SecretsManager::Secret', {
      Name: 'cellar/production/origin-verify',
      GenerateSecretString: Match.objectLike({ PasswordLength: 48 }),
    });
  });

  it('tells every function it sits behind CloudFront', () => {
    api.allResourcesProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ BEHIND_CLOUDFRONT: 'true' }) },
    });
  });

  it('forwards the CloudFront headers, CloudFront-Viewer-Address among them, but not Host, to the API', () => {
    // AllViewerExceptHostHeader: every viewer header but Host, and CloudFront's own headers.
    const behaviour = (
      Object.values(resourcesOf(web, 'AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig as {
        CacheBehaviors: { PathPattern: string; OriginRequestPolicyId: string }[];
      }
    ).CacheBehaviors.find((b) => b.PathPattern === '/api/*')!;
    expect(behaviour.OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac');
  });

  it('alarms when the stage web ACL blocks many requests', () => {
    api.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'cellar-production-waf-api-blocked',
      Namespace: 'AWS/WAFV2',
      MetricName: 'BlockedRequests',
      Dimensions: [
        { Name: 'Region', Value: stacks.api.region },
        { Name: 'Rule', Value: 'ALL' },
        { Name: 'WebACL', Value: 'cellar-production-api' },
      ],
    });
  });
});

describe('Method: greaterThanPattern', () => {
  it.each([0, 7, 9, 99, 100, 1_000_000, 1_048_576, 123_456_789])('matches exactly the integers above %i', (n) => {
    // Prepare
    const pattern = new RegExp(greaterThanPattern(n));
    const samples = [0, 1, n - 1, n, n + 1, n + 9, n * 10, n * 10 + 7, 2 * n + 1, 999_999_999_999].filter(
      (s) => s >= 0,
    );
    // Assess
    for (const sample of samples) {
      expect(pattern.test(String(sample)), String(sample)).toBe(sample > n);
      expect(pattern.test(`00${sample}`), `00${sample}`).toBe(sample > n);
    }
    expect(pattern.test('')).toBe(false);
    expect(pattern.test(`${n + 1}x`)).toBe(false);
    // WAF's regular expressions have no capturing groups.
    expect(greaterThanPattern(n)).not.toMatch(/\((?!\?:)/);
  });
});
