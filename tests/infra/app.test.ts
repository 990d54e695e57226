import { tmpdir } from 'node:os';
import { Match } from 'aws-cdk-lib/assertions';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { functionBuildOptions } from '../../infra/lib/bundling';
import { CellarFunction } from '../../infra/lib/constructs/cellar-function';
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
    // Act: the module graph of each bundle, built as it is deployed
    const builds = await Promise.all(
      entryPoints.map((entry) => build({ ...functionBuildOptions(entry, tmpdir()), write: false, metafile: true })),
    );
    const inputs = builds.flatMap(({ metafile }) => Object.keys(metafile.inputs));
    // Assess
    expect(entryPoints.length).toBeGreaterThan(1);
    expect(inputs.filter((input) => input.startsWith('infra/'))).toEqual([]);
  });
});
