import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { STAGES, stageOf } from '../../infra/lib/stages';
import { resourcesOf, synthCellar } from './synth';

const synthesized = {
  dev: synthCellar({ env: 'dev' }),
  staging: synthCellar({ env: 'staging' }),
  prod: synthCellar(),
};

const nagFindings = (report: (typeof synthesized)['prod']['validationReport']) =>
  report.pluginReports.filter((r) => r.pluginName === 'AwsSolutions').flatMap((r) => r.violations);

describe('Stages', () => {
  it.each([
    ['production', undefined, 'prod'],
    ['staging', undefined, 'staging'],
    ['dev', undefined, 'dev'],
    ['acme', 'prod', 'prod'],
    ['production', 'dev', 'dev'],
  ])('env %s with stage %s is %s', (env, stage, expected) => {
    expect(stageOf(env, stage).name).toBe(expected);
  });

  it('asks an env of another name for its stage, and refuses unknown stages', () => {
    expect(() => stageOf('acme', undefined)).toThrow(/needs a stage/);
    expect(() => stageOf('production', 'production')).toThrow(/Context stage/);
    expect(() => synthCellar({ env: 'acme' })).toThrow(/needs a stage/);
  });

  it('keeps the stack names of the env whatever the stage', () => {
    const { stacks } = synthCellar({ env: 'acme', stage: 'dev' });
    expect(stacks.data.stackName).toBe('cellar-acme-data');
  });

  it.each(Object.entries(synthesized))('%s synthesizes without an unacknowledged cdk-nag finding', (_, s) => {
    expect(nagFindings(s.validationReport)).toEqual([]);
  });
});

describe('Stages: the data', () => {
  it('retains, protects and makes recoverable the table in prod only', () => {
    synthesized.prod.data.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        DeletionProtectionEnabled: true,
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      }),
    });
    for (const stage of ['dev', 'staging'] as const) {
      synthesized[stage].data.hasResource('AWS::DynamoDB::Table', {
        DeletionPolicy: 'Delete',
        UpdateReplacePolicy: 'Delete',
        Properties: Match.objectLike({
          DeletionProtectionEnabled: false,
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: false },
        }),
      });
    }
  });

  it.each(['data', 'web'] as const)(
    'retains the buckets of the %s stack in prod, empties and deletes them elsewhere',
    (stack) => {
      // Prepare
      const policies = (stage: keyof typeof synthesized) =>
        Object.values(synthesized[stage][stack].findResources('AWS::S3::Bucket')).map((b) => b.DeletionPolicy);
      const autoDeleted = (stage: keyof typeof synthesized) =>
        Object.keys(synthesized[stage][stack].findResources('Custom::S3AutoDeleteObjects')).length;
      // Assess
      expect(new Set(policies('prod'))).toEqual(new Set(['Retain']));
      expect(autoDeleted('prod')).toBe(0);
      for (const stage of ['dev', 'staging'] as const) {
        expect(new Set(policies(stage))).toEqual(new Set(['Delete']));
        expect(autoDeleted(stage)).toBe(policies(stage).length);
      }
    },
  );
});

describe('Stages: the logs', () => {
  it.each(Object.entries(synthesized))('keeps %s logs as long as its stage says', (name, s) => {
    // Prepare
    const stage = STAGES[name as keyof typeof STAGES];
    const fnLogGroups = Object.values(resourcesOf(s.api, 'AWS::Lambda::Function')).map(
      (fn) => (fn.Properties.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref,
    );
    const logGroups = resourcesOf(s.api, 'AWS::Logs::LogGroup');
    const destination = JSON.stringify(
      Object.values(resourcesOf(s.api, 'AWS::ApiGateway::Stage'))[0]!.Properties.AccessLogSetting,
    );
    const accessLogs = Object.keys(logGroups).find((id) => destination.includes(`{"Ref":"${id}"}`))!;
    // Assess
    expect(fnLogGroups.length).toBeGreaterThan(1);
    for (const id of fnLogGroups)
      expect(logGroups[id]!.Properties.RetentionInDays, id).toBe(stage.functionLogRetention);
    expect(logGroups[accessLogs]!.Properties.RetentionInDays).toBe(stage.accessLogRetention);
  });

  it('keeps prod logs longer than dev logs', () => {
    expect(STAGES.prod.functionLogRetention).toBeGreaterThan(STAGES.dev.functionLogRetention);
    expect(STAGES.prod.accessLogRetention).toBeGreaterThan(STAGES.dev.accessLogRetention);
  });
});

describe('Tracing', () => {
  it('traces every function actively, workers and recount included, and the API stage', () => {
    // Prepare
    const functions = Object.values(resourcesOf(synthesized.prod.api, 'AWS::Lambda::Function'));
    // Assess
    expect(functions.length).toBeGreaterThan(4);
    for (const fn of functions) expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
    synthesized.prod.api.hasResourceProperties('AWS::ApiGateway::Stage', { TracingEnabled: true });
  });
});
