/**
 * Benchmark: the size and cold import time of every deployed function (the API's and the workers'), each bundled
 * with the options the CellarFunction construct bundles it with (infra/lib/bundling.ts). The import is timed in a
 * fresh Node process, with the function's Node options, the AWS SDK resolved from node_modules as the Lambda
 * runtime provides it; the median of RUNS imports. The last column names what weighs most in each bundle.
 * Run: npm run bench:functions
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { FUNCTION_FILE, FUNCTION_NODE_OPTIONS, functionBuildOptions } from '../../infra/lib/bundling';
import { CellarFunction } from '../../infra/lib/constructs/cellar-function';
import { repoPath } from '../../infra/lib/repo';
import { cellarApp } from '../infra/synth';

const RUNS = 7;
// Inside the repository, so that the bundles' `@aws-sdk/*` imports resolve to its node_modules.
const OUT = repoPath('.cellar/bench/functions');

/** What the deployed app bundles: the entries of its CellarFunctions. */
function deployedEntries(): string[] {
  return cellarApp()
    .app.node.findAll()
    .filter((c): c is CellarFunction => c instanceof CellarFunction)
    .map((fn) => fn.entry);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/** One cold import of a bundle in a fresh Node process, in milliseconds. */
function coldImportMs(file: string): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); console.log(performance.now() - t);`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, NODE_OPTIONS: FUNCTION_NODE_OPTIONS },
    encoding: 'utf8',
  });
  return Number(out);
}

/** Bytes in the bundle per package (or per workspace for the project's own code), heaviest first. */
function heaviest(metafile: Metafile, count = 3): string {
  const bytes = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const owner = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? input.split('/')[0] ?? input;
      bytes.set(owner, (bytes.get(owner) ?? 0) + bytesInOutput);
    }
  }
  return [...bytes]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([owner, n]) => `${owner} ${kb(n)}`)
    .join(', ');
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

rmSync(OUT, { recursive: true, force: true });
const bundles: { name: string; file: string; size: number; heaviest: string; importMs: number[] }[] = [];
for (const entry of deployedEntries()) {
  const name = relative(repoPath('functions/src'), entry);
  const outdir = join(OUT, name.replace(/\W/g, '-'));
  mkdirSync(outdir, { recursive: true });
  const { metafile } = await build({ ...functionBuildOptions(entry, outdir), metafile: true });
  const file = join(outdir, FUNCTION_FILE);
  bundles.push({ name, file, size: statSync(file).size, heaviest: heaviest(metafile), importMs: [] });
}
// Round after round rather than function after function: a burst of load elsewhere on the machine then
// spreads over every function instead of inflating one.
for (let run = 0; run < RUNS; run++) {
  for (const bundle of bundles) bundle.importMs.push(coldImportMs(bundle.file));
}

console.log(`| function | minified | cold import (median of ${RUNS}) | heaviest |`);
console.log('|---|---:|---:|---|');
for (const b of bundles) {
  console.log(`| ${b.name} | ${kb(b.size)} | ${median(b.importMs).toFixed(0)} ms | ${b.heaviest} |`);
}
