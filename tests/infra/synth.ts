import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { VALIDATION_REPORT_FILE } from 'aws-cdk-lib/cx-api';
import { addCellarStacks, type CellarStacks } from '../../infra/lib/cellar-app';

const cdkJson = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as {
  context: Record<string, unknown>;
};

export interface ValidationReport {
  pluginReports: {
    pluginName: string;
    violations: { ruleName: string; severity: string; violatingConstructs: { constructPath: string }[] }[];
  }[];
}

export interface SynthesizedCellar {
  readonly app: App;
  readonly stacks: CellarStacks;
  readonly data: Template;
  readonly api: Template;
  readonly web: Template;
  readonly edge: Template;
  /** The policy validation report (cdk-nag's findings), written even when synthesis fails on them. */
  readonly validationReport: ValidationReport;
}

/**
 * Synthesized apps by context: the infrastructure files share their worker's modules (vitest.config.ts), and a
 * synthesis is the CPU of these tests (each of the ten files synthesized the default app again). The templates
 * are only read; a context that fails to synthesize is not kept, and fails again for the next test.
 */
const synthesized = new Map<string, SynthesizedCellar>();

/** The app as `cdk synth` builds it, same context, without bundling the Lambdas (the slow part). */
export function synthCellar(context: Record<string, unknown> = {}): SynthesizedCellar {
  const key = JSON.stringify(context);
  const known = synthesized.get(key);
  if (known) return known;
  const outdir = mkdtempSync(join(tmpdir(), 'cellar-cdk-'));
  try {
    const made = synthInto(outdir, context);
    synthesized.set(key, made);
    return made;
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

/** The app's constructs as `cdk synth` builds them, same context, without bundling the Lambdas (the slow part). */
export function cellarApp(context: Record<string, unknown> = {}, outdir?: string) {
  const app = new App({
    outdir,
    context: {
      ...cdkJson.context,
      'aws:cdk:bundling-stacks': [],
      // Assets are referenced where they are instead of copied: the templates are the same.
      'aws:cdk:disable-asset-staging': true,
      ...context,
    },
    builtinCloudFormationValidation: false,
  });
  return { app, stacks: addCellarStacks(app) };
}

function synthInto(outdir: string, context: Record<string, unknown>): SynthesizedCellar {
  const { app, stacks } = cellarApp(context, outdir);
  let templates: Record<keyof CellarStacks, Template> | undefined;
  let synthError: unknown;
  try {
    app.synth();
    templates = {
      data: Template.fromStack(stacks.data),
      api: Template.fromStack(stacks.api),
      web: Template.fromStack(stacks.web),
      edge: Template.fromStack(stacks.edge),
    };
  } catch (e) {
    synthError = e;
  }
  // cdk-nag errors fail synthesis after writing their report: the tests that read it say which findings.
  const reportFile = join(outdir, VALIDATION_REPORT_FILE);
  if (!existsSync(reportFile)) throw synthError;
  const validationReport = JSON.parse(readFileSync(reportFile, 'utf8')) as ValidationReport;
  const template = (name: keyof CellarStacks) => {
    if (!templates) throw synthError;
    return templates[name];
  };
  return {
    app,
    stacks,
    validationReport,
    get data() {
      return template('data');
    },
    get api() {
      return template('api');
    },
    get web() {
      return template('web');
    },
    get edge() {
      return template('edge');
    },
  };
}

/** The resources of one type in a template, by logical id. */
export function resourcesOf(template: Template, type: string): Record<string, { Properties: Record<string, unknown> }> {
  return template.findResources(type) as Record<string, { Properties: Record<string, unknown> }>;
}
