import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { synthCellar } from './synth';

describe('E-mailed links and delivery', () => {
  it('publishes the site address in SSM and lets the API read that one parameter', () => {
    const { api, web } = synthCellar();
    web.hasResourceProperties('AWS::SSM::Parameter', { Name: '/cellar/production/app-url', Type: 'String' });
    api.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ APP_URL_PARAMETER: '/cellar/production/app-url' }) },
    });
    api.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: 'ssm:GetParameter',
            Resource: {
              'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp(':parameter/cellar/production/app-url$')])],
            },
          }),
        ]),
      },
    });
  });

  it('sends through SES only when a verified sender is configured', () => {
    const without = synthCellar();
    const functions = without.api.findResources('AWS::Lambda::Function');
    for (const fn of Object.values(functions)) {
      expect(JSON.stringify(fn)).not.toContain('MAIL_SENDER');
    }
    const withMail = synthCellar({ mailFrom: 'no-reply@cellar.example' });
    withMail.api.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ MAIL_SENDER: 'ses', MAIL_FROM: 'no-reply@cellar.example' }) },
    });
    withMail.api.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Action: 'ses:SendEmail' })]) },
    });
  });

  it('may send from the sender whether SES verified the address itself or its domain', () => {
    // Prepare
    const { api } = synthCellar({ mailFrom: 'no-reply@cellar.example' });
    const statements = Object.values(api.findResources('AWS::IAM::Policy')).flatMap(
      (p) => (p.Properties.PolicyDocument as { Statement: { Action: string; Resource: unknown }[] }).Statement,
    );
    // Act
    const identities = new Set(
      statements
        .filter((s) => s.Action === 'ses:SendEmail')
        .flatMap((s) => [s.Resource].flat())
        .map((r) => JSON.stringify(r).match(/:identity\/([^"]+)"/)?.[1]),
    );
    // Assess
    expect([...identities].sort()).toEqual(['cellar.example', 'no-reply@cellar.example']);
  });
});
