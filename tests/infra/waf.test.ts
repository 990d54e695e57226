import { routes } from '@cellar/shared/routes/table';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { AUTH_RATE_LIMIT, CORE_BODY_RULES, ORIGIN_VERIFY_HEADER } from '../../infra/lib/waf';
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
  /** The managed rules of the core rule set this request's content matches. */
  matches?: string[];
}

/**
 * What the synthesized web ACL does with a request, rule after rule as AWS WAF runs them (the rate limit taken as not
 * reached, the managed groups' matches given by the request): `block` or `allow`.
 */
function verdict(rules: Rule[], request: Request): 'block' | 'allow' {
  const labels = new Set<string>();
  const holds = (s: Statement): boolean => {
    if (s.AndStatement) return s.AndStatement.Statements.every(holds);
    if (s.OrStatement) return s.OrStatement.Statements.some(holds);
    if (s.NotStatement) return !holds(s.NotStatement.Statement);
    if (s.LabelMatchStatement) return labels.has(s.LabelMatchStatement.Key);
    if (s.ByteMatchStatement) {
      const { FieldToMatch: field, PositionalConstraint, SearchString, TextTransformations } = s.ByteMatchStatement;
      let value = field.UriPath
        ? request.uri
        : field.Method
          ? request.method
          : (request.headers?.[field.SingleHeader!.Name] ?? '');
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
      for (const match of request.matches ?? []) {
        labels.add(`awswaf:managed:aws:core-rule-set:${match}`);
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

  it('blocks what the core body rules match on every route: no file goes through the API any more', () => {
    // An import's file is posted straight to S3; what reaches the API is JSON, the import request included.
    const group = acl.Rules.find((r) => r.Statement.ManagedRuleGroupStatement?.Name === 'AWSManagedRulesCommonRuleSet');
    expect(group?.Statement.ManagedRuleGroupStatement?.RuleActionOverrides).toBeUndefined();
    expect(acl.Rules).toHaveLength(4);
    for (const request of [
      { method: 'POST', uri: '/api/orders' },
      { method: 'POST', uri: '/api/csv/product' },
      { method: 'PUT', uri: '/api/csv/products' },
    ]) {
      for (const rule of CORE_BODY_RULES) {
        expect(verdict(acl.Rules, { ...request, matches: [rule] }), `${request.method} ${request.uri} ${rule}`).toBe(
          'block',
        );
      }
    }
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
