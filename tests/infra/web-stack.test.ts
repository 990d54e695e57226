import { runInNewContext } from 'node:vm';
import { Match } from 'aws-cdk-lib/assertions';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { describe, expect, it } from 'vitest';
import { resourcesOf, synthCellar } from './synth';

const { web } = synthCellar();

interface Behaviour {
  TargetOriginId: string;
  FunctionAssociations?: unknown;
  ResponseHeadersPolicyId: unknown;
}
interface Origin {
  Id: string;
  DomainName: unknown;
  CustomOriginConfig?: unknown;
  OriginAccessControlId?: unknown;
  S3OriginConfig?: unknown;
}
/** The parts of the distribution's CloudFormation the tests below navigate; the rest is matched as JSON. */
interface DistributionConfig extends Record<string, unknown> {
  DefaultCacheBehavior: Behaviour;
  CacheBehaviors: [Behaviour];
  Origins: Origin[];
}

const distribution = () =>
  Object.values(resourcesOf(web, 'AWS::CloudFront::Distribution'))[0]!.Properties
    .DistributionConfig as DistributionConfig;
const originOf = (behaviour: Behaviour) => distribution().Origins.find((o) => o.Id === behaviour.TargetOriginId)!;

describe('WebStack: the SPA rewrite', () => {
  const code = Object.values(resourcesOf(web, 'AWS::CloudFront::Function'))[0]!.Properties.FunctionCode as string;
  const rewrite = (uri: string) =>
    (runInNewContext(`${code}; handler(event)`, { event: { request: { uri } } }) as { uri: string }).uri;

  it.each([
    ['/', '/index.html'],
    ['/orders', '/index.html'],
    ['/contacts/supplier/42', '/index.html'],
    ['/assets/index-abc123.js', '/assets/index-abc123.js'],
    ['/favicon.ico', '/favicon.ico'],
  ])('serves %s as %s', (uri, served) => {
    expect(rewrite(uri)).toBe(served);
  });

  it('runs on viewer requests of the default (S3) behaviour only', () => {
    expect(distribution().DefaultCacheBehavior.FunctionAssociations).toEqual([
      {
        EventType: 'viewer-request',
        FunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/^SpaRewrite/), 'FunctionARN'] },
      },
    ]);
    expect(distribution().CacheBehaviors[0].FunctionAssociations).toBeUndefined();
  });

  it('leaves error responses alone, so /api/* errors reach the client as they are', () => {
    expect(distribution().CustomErrorResponses).toBeUndefined();
  });
});

describe('WebStack: the distribution', () => {
  it('sends /api/* to the REST API stage, uncached, with every viewer header but Host and every method', () => {
    // Prepare
    const [apiBehaviour] = distribution().CacheBehaviors;
    const apiOrigin = originOf(apiBehaviour);
    // Assess
    expect(apiBehaviour).toMatchObject({
      PathPattern: '/api/*',
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
      OriginRequestPolicyId: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
      ViewerProtocolPolicy: 'https-only',
    });
    expect(JSON.stringify(apiOrigin.DomainName)).toContain('.execute-api.');
    expect(apiOrigin.CustomOriginConfig).toMatchObject({
      OriginProtocolPolicy: 'https-only',
      OriginSSLProtocols: ['TLSv1.2'],
    });
  });

  it('reads the private site bucket through origin access control', () => {
    // Prepare
    const s3Origin = originOf(distribution().DefaultCacheBehavior);
    // Assess
    web.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: {
        OriginAccessControlOriginType: 's3',
        SigningBehavior: 'always',
        SigningProtocol: 'sigv4',
      },
    });
    expect(s3Origin.OriginAccessControlId).toBeDefined();
    expect(s3Origin.S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
    web.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: Match.stringLikeRegexp('^Site') },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: 's3:GetObject',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Condition: { StringEquals: { 'AWS:SourceArn': Match.anyValue() } },
          }),
        ]),
      },
    });
    expect(
      Object.values(resourcesOf(web, 'AWS::S3::Bucket')).every(
        (b) => (b.Properties.PublicAccessBlockConfiguration as { BlockPublicPolicy: boolean }).BlockPublicPolicy,
      ),
    ).toBe(true);
  });

  it('serves HTTP/2 and 3, redirects HTTP to HTTPS and logs requests', () => {
    expect(distribution()).toMatchObject({
      HttpVersion: 'http2and3',
      DefaultCacheBehavior: { ViewerProtocolPolicy: 'redirect-to-https' },
      Logging: { Bucket: expect.anything(), Prefix: 'cloudfront/' },
    });
  });

  it('adds the security headers to every response, the API included', () => {
    // Prepare
    const policy = Object.keys(resourcesOf(web, 'AWS::CloudFront::ResponseHeadersPolicy'))[0];
    // Assess
    expect(distribution().DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: policy });
    expect(distribution().CacheBehaviors[0].ResponseHeadersPolicyId).toEqual({ Ref: policy });
    web.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: {
          StrictTransportSecurity: Match.objectLike({ AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true }),
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
          ContentSecurityPolicy: {
            // The pages connect to their own origin and to the imports bucket, where they post import files.
            ContentSecurityPolicy: {
              'Fn::Join': [
                '',
                [
                  Match.stringLikeRegexp(
                    "^default-src 'self'; img-src 'self' data:;.*style-src 'self' 'unsafe-inline'; connect-src 'self' https://$",
                  ),
                  // The imports bucket's regional domain, read from the data stack.
                  { 'Fn::GetStackOutput': Match.objectLike({ StackName: 'cellar-production-data' }) },
                  Match.stringLikeRegexp("^; object-src 'none'"),
                ],
              ],
            },
            Override: true,
          },
        },
      },
    });
  });

  it('keeps the default certificate until a custom domain is configured', () => {
    expect(distribution().Aliases).toBeUndefined();
    expect(distribution().ViewerCertificate).toBeUndefined();
  });
});

describe('WebStack: on a custom domain', () => {
  it('serves the domain with its certificate, TLS 1.2 at least', () => {
    // Prepare
    const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/abc';
    // Act
    const { web: custom, validationReport } = synthCellar({ domainName: 'extranet.example.com', certificateArn });
    // Assess
    custom.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: {
        Aliases: ['extranet.example.com'],
        ViewerCertificate: {
          AcmCertificateArn: certificateArn,
          MinimumProtocolVersion: 'TLSv1.2_2021',
          SslSupportMethod: 'sni-only',
        },
      },
    });
    expect(validationReport.pluginReports.filter((r) => r.pluginName === 'AwsSolutions')).toEqual([]);
    // `cdk deploy` prints where to sign in, the address the e-mailed links use.
    custom.hasOutput('SiteUrl', { Value: 'https://extranet.example.com' });
    custom.hasResourceProperties('AWS::SSM::Parameter', { Value: 'https://extranet.example.com' });
  });
});

describe('WebStack: the site deployed', () => {
  const deployments = Object.values(resourcesOf(web, 'Custom::CDKBucketDeployment')).map(
    (r) => r.Properties as { Include?: string[]; Exclude?: string[] },
  );

  it('copies the hashed assets, then every other file but the build’s manifest of chunks', () => {
    expect(deployments.map((d) => [d.Include ?? [], d.Exclude ?? []])).toEqual(
      expect.arrayContaining([
        [['assets/*'], ['*']],
        [[], ['assets/*', '.vite/*']],
      ]),
    );
    expect(deployments).toHaveLength(2);
  });
});
