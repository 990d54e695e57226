import { Match } from 'aws-cdk-lib/assertions';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { CellarFunction } from '../../infra/lib/constructs/cellar-function';
import { REPO_ROOT } from '../../infra/lib/repo';
import { synthCellar } from './synth';

const production = synthCellar();

describe('cdk-nag AwsSolutions', () => {
  it('reports no finding that is not acknowledged in code', () => {
    // Prepare
    const findings = production.validationReport.pluginReports
      .filter((report) => report.pluginName === 'AwsSolutions')
      .flatMap((report) => report.violations)
      .map((v) => `${v.severity} ${v.ruleName} at ${v.violatingConstructs.map((c) => c.constructPath).join(', ')}`);
    // Assess
    expect(findings).toEqual([]);
  });
});

describe('Environments', () => {
  it('names the stacks after the env context, production by default', () => {
    expect(Object.values(production.stacks).map((s) => s.stackName)).toEqual([
      'cellar-production-data',
      'cellar-production-api',
      'cellar-production-web',
    ]);
  });

  it('deploys staging beside production, and tells the functions which one they are', () => {
    // Act
    const staging = synthCellar({ env: 'staging' });
    // Assess
    expect(Object.values(staging.stacks).map((s) => s.stackName)).toEqual([
      'cellar-staging-data',
      'cellar-staging-api',
      'cellar-staging-web',
    ]);
    staging.api.allResourcesProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ APP_ENV: 'staging' }) },
    });
  });

  it.each(['Prod', 'prod_1', ''])('refuses the env name %j', (env) => {
    expect(() => synthCellar({ env })).toThrow(/Context env/);
  });
});

describe('Deployed code', () => {
  it('never includes the local runtime, its demo seed or its demo password', async () => {
    // Prepare
    const entryPoints = production.app.node
      .findAll()
      .filter((c): c is CellarFunction => c instanceof CellarFunction)
      .map((fn) => fn.entry);
    // Act: the same module graph the Lambda bundles are made of
    const { metafile } = await build({
      entryPoints,
      absWorkingDir: REPO_ROOT,
      bundle: true,
      write: false,
      metafile: true,
      platform: 'node',
      format: 'esm',
      outdir: 'out',
      external: ['@aws-sdk/*'],
      logLevel: 'silent',
    });
    // Assess
    expect(entryPoints.length).toBeGreaterThan(1);
    expect(Object.keys(metafile.inputs).filter((input) => input.startsWith('infra/'))).toEqual([]);
  });
});
