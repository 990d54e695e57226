import { tmpdir } from 'node:os';
import { relative } from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { functionBuildOptions, loadedAtStart } from '../../infra/lib/bundling';
import { DEFAULT_REGION } from '../../infra/lib/cellar-app';
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
  it('names the stacks after the env context, production by default, the edge stack in us-east-1', () => {
    expect(Object.values(production.stacks).map((s) => `${s.stackName} ${s.region}`)).toEqual([
      `cellar-production-data ${DEFAULT_REGION}`,
      `cellar-production-api ${DEFAULT_REGION}`,
      `cellar-production-web ${DEFAULT_REGION}`,
      'cellar-production-edge us-east-1',
    ]);
  });

  it('deploys to the region of the context', () => {
    const { stacks } = synthCellar({ region: 'eu-central-1' });
    expect(Object.values(stacks).map((s) => s.region)).toEqual([
      'eu-central-1',
      'eu-central-1',
      'eu-central-1',
      'us-east-1',
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
      'cellar-staging-edge',
    ]);
    staging.api.allResourcesProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ APP_ENV: 'staging' }) },
    });
  });

  it.each(['Prod', 'prod_1', ''])('refuses the env name %j', (env) => {
    expect(() => synthCellar({ env })).toThrow(/Context env/);
  });
});

describe('Deployed code', async () => {
  const entryPoints = production.app.node
    .findAll()
    .filter((c): c is CellarFunction => c instanceof CellarFunction)
    .map((fn) => fn.entry);
  // Each bundle as it is deployed, kept in memory.
  /** What tracing loads: Powertools' tracer and the X-Ray SDK with its own dependencies. */
  const TRACING_PACKAGES =
    /node_modules\/(@aws-lambda-powertools\/tracer|aws-xray-sdk-core|@smithy\/service-error-classification|cls-hooked|semver|shimmer|emitter-listener|atomic-batcher|async-hook-jl|stack-chain)\//;

  const bundles = await Promise.all(
    entryPoints.map(async (entry) => {
      const { metafile } = await build({ ...functionBuildOptions(entry, tmpdir()), write: false, metafile: true });
      return { entry: relative(REPO_ROOT, entry), metafile };
    }),
  );

  it('never includes the local runtime, its demo seed or its demo password', () => {
    // Prepare
    const inputs = bundles.flatMap(({ metafile }) => Object.keys(metafile.inputs));
    // Assess
    expect(entryPoints.length).toBeGreaterThan(1);
    expect(inputs.filter((input) => input.startsWith('infra/'))).toEqual([]);
  });

  it('starts every function with less than 260 KB of its own code (the documentation 300, orders, receptions and the export worker 280) besides X-Ray tracing, zod with its English messages only', () => {
    // Prepare
    const atStart = bundles.map(({ entry, metafile }) => {
      const outputs = loadedAtStart(metafile);
      const inputs = outputs.flatMap((o) => Object.entries(o.inputs));
      const locales = inputs
        .filter(([input, { bytesInOutput }]) => input.includes('node_modules/zod/v4/locales/') && bytesInOutput > 0)
        .map(([input]) => input.replace(/.*\//, ''));
      const tracing = inputs
        .filter(([input]) => TRACING_PACKAGES.test(input))
        .reduce((sum, [, { bytesInOutput }]) => sum + bytesInOutput, 0);
      const total = outputs.reduce((sum, o) => sum + o.bytes, 0);
      return { entry, kb: Math.round((total - tracing) / 1024), tracingKb: Math.round(tracing / 1024), locales };
    });
    // Assess: the documentation's function describes every route, so it loads every domain's routes and schemas by
    // design and grows with the API; it answers the docs alone, never a user's request. The tracer (Powertools and
    // the X-Ray SDK it drives) is loaded at start so that the first SDK call is traced: the same 130 KB at most in
    // every function, counted apart so that the budget still watches the functions' own growth.
    // The orders and receptions functions carry the document kernel (stocks/ledger.ts: transactions, steps, undo),
    // about 15 KB more than a plain resource; the export worker, every list's plan and writer, and reads an index
    // page's items from the table since the indexes hold keys only.
    const budget = (entry: string) =>
      entry.endsWith('docs/handler.ts')
        ? 300
        : /(orders\/handler|receptions\/handler|exports\/worker)\.ts$/.test(entry)
          ? 280
          : 260;
    expect(atStart.filter((b) => b.kb > budget(b.entry) || b.tracingKb > 130 || b.locales.join() !== 'en.js')).toEqual(
      [],
    );
    expect(atStart.every((b) => b.tracingKb > 0)).toBe(true);
  });
});
