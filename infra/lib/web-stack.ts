import { existsSync } from 'node:fs';
import {
  Annotations,
  CfnOutput,
  DefaultStackSynthesizer,
  Duration,
  Stack,
  type StackProps,
  Token,
  Validations,
} from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Function as CloudFrontFunction,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  type HeadersFrameOption,
  type HeadersReferrerPolicy,
  HttpVersion,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { RestApiOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BucketDeployment, CacheControl, type ISource, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';
import { contentSecurityPolicy, SECURITY_HEADERS } from '../../functions/src/config/topology';
import { acknowledgeObjectWildcard, LAMBDA_BASIC_EXECUTION } from './acknowledge';
import { LogBucket, PrivateBucket } from './constructs/private-bucket';
import { repoPath } from './repo';
import { ORIGIN_VERIFY_HEADER, originSecretValue } from './waf';

export interface CustomDomain {
  readonly name: string;
  /** An ACM certificate in us-east-1, as CloudFront requires. */
  readonly certificateArn: string;
}

export interface WebStackProps extends StackProps {
  readonly api: RestApi;
  /** Without one, the site is served on the distribution's cloudfront.net name. */
  readonly domain?: CustomDomain;
  /** The SSM parameter that tells the API the site's address (for links in e-mails). */
  readonly appUrlParameter: string;
  /** Whether the buckets outlive the stack (prod). */
  readonly retainData: boolean;
  /** Names the origin secret (waf.ts). */
  readonly appEnv: string;
  /** The ARN of the CLOUDFRONT web ACL (edge stack, us-east-1). */
  readonly webAclArn: string;
  /** The imports bucket's endpoint (`https://<bucket>.s3.<region>.amazonaws.com`), where pages post import files. */
  readonly uploadOrigin: string;
}

/**
 * The SPA's client-side routes (/orders/42) are not files: serve index.html for any path without an extension.
 * Done here rather than with distribution-wide error responses, which would also turn /api/* 403s and 404s into
 * index.html.
 */
const SPA_REWRITE = `function handler(event) {
  var request = event.request;
  if (!/\\.[^/]+$/.test(request.uri)) {
    request.uri = '/index.html';
  }
  return request;
}`;

const WEB_DIST = repoPath('web/dist');

/** The SPA in a private bucket and the CloudFront distribution that serves it and routes /api/* to the API. */
export class WebStack extends Stack {
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);

    const retain = props.retainData;
    const logs = new LogBucket(this, 'Logs', { aclWritable: true, retain });
    const site = new PrivateBucket(this, 'Site', { accessLogs: logs, retain });

    const { strictTransportSecurity: hsts, ...headers } = SECURITY_HEADERS;
    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(hsts.maxAgeSeconds),
          includeSubdomains: hsts.includeSubdomains,
          override: true,
        },
        // CloudFront's only value for it: nosniff.
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: headers.frameOptions as HeadersFrameOption, override: true },
        referrerPolicy: { referrerPolicy: headers.referrerPolicy as HeadersReferrerPolicy, override: true },
        // The pages may connect to the imports bucket too: the browser posts import files there.
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(props.uploadOrigin), override: true },
      },
    });

    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      code: FunctionCode.fromInline(SPA_REWRITE),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serve index.html for client-side routes',
    });

    const domain = props.domain;
    this.distribution = new Distribution(this, 'Distribution', {
      comment: id,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      // Clients and warehouses are in Europe; North America comes with the cheapest class anyway.
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      webAclId: props.webAclArn,
      ...(domain && {
        domainNames: [domain.name],
        certificate: Certificate.fromCertificateArn(this, 'Certificate', domain.certificateArn),
        minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
      }),
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(site),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          // The API's web ACL refuses any request without this header: the API is reached through here only.
          origin: new RestApiOrigin(props.api, {
            customHeaders: { [ORIGIN_VERIFY_HEADER]: originSecretValue(props.appEnv) },
          }),
          // A redirect would turn a POST into a GET: refuse plain HTTP instead.
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // API Gateway routes on its own Host name, so the viewer's must not reach it. The policy forwards the
          // CloudFront headers too, CloudFront-Viewer-Address among them: the viewer's address, for the sign-in gates.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
        },
      },
    });
    this.acknowledgeDistributionFindings(domain !== undefined);

    // Read by the API at run time, so the API stack needs no reference to this one (which depends on it).
    const siteUrl = `https://${domain ? domain.name : this.distribution.distributionDomainName}`;
    new StringParameter(this, 'AppUrl', {
      parameterName: props.appUrlParameter,
      description: 'Public address of the Cellar web app, used in e-mailed links',
      stringValue: siteUrl,
    });
    // Printed by `cdk deploy`: where the first superadmin signs in.
    new CfnOutput(this, 'SiteUrl', { description: 'The Cellar web app', value: siteUrl });

    this.deploySite(site);
  }

  /**
   * Vite's hashed files under assets/ are immutable and kept across deployments, so a tab still running the
   * previous build can lazy-load its chunks; everything else (index.html first) is revalidated on every load.
   */
  private deploySite(site: PrivateBucket) {
    const source = this.siteSource();
    const assets = new BucketDeployment(this, 'DeployAssets', {
      sources: [source],
      destinationBucket: site,
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
    });
    // The rest, but Vite's manifest of chunks, which a build for the tests writes (`vite build --manifest`).
    const pages = new BucketDeployment(this, 'DeployPages', {
      sources: [source],
      destinationBucket: site,
      exclude: ['assets/*', '.vite/*'],
      cacheControl: [CacheControl.noCache()],
    });
    // index.html must not name chunks that are not there yet.
    pages.node.addDependency(assets);
    this.acknowledgeDeploymentHandler(assets, site);
  }

  /** Both deployments share one handler Lambda, which aws-cdk-lib defines and grants. */
  private acknowledgeDeploymentHandler(deployment: BucketDeployment, site: PrivateBucket) {
    const handler = deployment.handlerRole.node.scope;
    if (!handler) throw new Error('BucketDeployment handler role without a function');
    const reason =
      'The handler of aws-cdk-lib BucketDeployment: runtime, managed policy and grants are set by the library.';
    // cdk-nag writes what stays a pseudo parameter (the account) as `<AWS::AccountId>`; the region and partition
    // are the stack's own.
    const known = (value: string, name: string) => (Token.isUnresolved(value) ? `<AWS::${name}>` : value);
    const assetBucket = DefaultStackSynthesizer.DEFAULT_FILE_ASSETS_BUCKET_NAME.replace(
      /\$\{Qualifier\}/,
      DefaultStackSynthesizer.DEFAULT_QUALIFIER,
    )
      .replace(/\$\{AWS::Region\}/, known(this.region, 'Region'))
      .replace(/\$\{([^}]+)\}/g, '<$1>');
    const findings = [
      'AwsSolutions-L1',
      LAMBDA_BASIC_EXECUTION,
      ...['s3:GetBucket*', 's3:GetObject*', 's3:List*', 's3:Abort*', 's3:DeleteObject*'].map(
        (action) => `AwsSolutions-IAM5[Action::${action}]`,
      ),
      `AwsSolutions-IAM5[Resource::arn:${known(this.partition, 'Partition')}:s3:::${assetBucket}/*]`,
    ];
    for (const id of findings) Validations.of(handler).acknowledge({ id, reason });
    acknowledgeObjectWildcard(handler, site, '*', reason);
  }

  /** A fresh clone has no web/dist: synth still works and deploys a page saying so. */
  private siteSource(): ISource {
    if (existsSync(`${WEB_DIST}/index.html`)) return Source.asset(WEB_DIST);
    Annotations.of(this).addWarningV2(
      'cellar:web-not-built',
      'web/dist is missing: a placeholder page will be deployed. Run `npm run build -w web` before deploying.',
    );
    return Source.data(
      'index.html',
      '<!doctype html><html lang="en"><meta charset="utf-8"><title>Cellar</title><p>The web app was not built.</p></html>',
    );
  }

  private acknowledgeDistributionFindings(customCertificate: boolean) {
    const distribution = Validations.of(this.distribution);
    distribution.acknowledge({
      id: 'AwsSolutions-CFR1',
      reason:
        'Client companies and carriers sign in from many countries; access is controlled by sign-in, not geography.',
    });
    if (!customCertificate) {
      distribution.acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'Served on the default cloudfront.net certificate until a custom domain is configured (context domainName/certificateArn), which then enforces TLSv1.2_2021.',
      });
    }
  }
}
