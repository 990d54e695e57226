import { Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { ALARM_THRESHOLDS, AlarmTopic, alarmOn, wafBlockedRequests } from './monitoring';
import { edgeRules, edgeWebAclName, webAclVisibility } from './waf';

export interface EdgeStackProps extends StackProps {
  /** `cellar-<env>`: names the web ACL, its metrics and its alarm. */
  readonly prefix: string;
  readonly alarmEmail?: string;
}

/**
 * What CloudFront requires in us-east-1: the distribution's web ACL, and, since its metrics are published there, the
 * alarm on its blocked requests with a topic of its own (same subscription as the API region's).
 */
export class EdgeStack extends Stack {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    const name = edgeWebAclName(props.prefix);
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name,
      description: 'Cellar CloudFront: sign-in rate limit, AWS managed rules, body size limits',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      rules: edgeRules(),
      visibilityConfig: webAclVisibility(name),
    });

    const topic = new AlarmTopic(this, 'Alarms', { email: props.alarmEmail });
    alarmOn(this, topic, props.prefix, 'waf-edge-blocked', {
      metric: wafBlockedRequests(name),
      threshold: ALARM_THRESHOLDS.wafBlocked,
      description:
        "CloudFront's web ACL blocked many requests: an attack, a sign-in flood, or a rule refusing real use",
    });
  }
}
