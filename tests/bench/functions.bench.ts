/**
 * Benchmark: the size and cold import time of every deployed function (the API's and the workers'), each bundled
 * with the options the CellarFunction construct bundles it with (infra/lib/bundling.ts). The import is timed in a
 * fresh Node process, with the function's Node options, the AWS SDK resolved from node_modules as the Lambda
 * runtime provides it; the median of RUNS imports, wall clock and (in brackets) CPU time, which a busy machine
 * inflates less. The last column names what weighs most in each bundle. Then the XLSX writer's chunk, which the
 * first XLSX export of a container loads (no function starts with it): its size and its cold import.
 * Run: npm run bench:functions
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { FUNCTION_FILE, FUNCTION_NODE_OPTIONS, functionBuildOptions, loadedAtStart } from '../../infra/lib/bundling';
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

interface ImportTime {
  wallMs: number;
  /** User and system CPU: what the import costs whatever else the machine is doing. */
  cpuMs: number;
}

/**
 * One cold import of a bundle in a fresh Node process. Lambda's Node runtime defines the `awslambda` global before it
 * loads a handler (a streaming function's middy wraps its handler with `awslambda.streamifyResponse` at import): the
 * process defines the same, as the runtime would.
 */
function coldImport(file: string): ImportTime {
  const script = `globalThis.awslambda = { streamifyResponse: (handler) => handler, HttpResponseStream: { from: (s) => s } };
const t = performance.now(); const c = process.cpuUsage();
await import(${JSON.stringify(pathToFileURL(file).href)});
const { user, system } = process.cpuUsage(c);
console.log(JSON.stringify({ wallMs: performance.now() - t, cpuMs: (user + system) / 1000 }));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, NODE_OPTIONS: FUNCTION_NODE_OPTIONS },
    encoding: 'utf8',
  });
  return JSON.parse(out) as ImportTime;
}

type Output = Metafile['outputs'][string];

/** Bytes in the bundle files per package (or per workspace for the project's own code), heaviest first. */
function heaviest(outputs: Output[], count = 3): string {
  const bytes = new Map<string, number>();
  for (const [input, { bytesInOutput }] of outputs.flatMap((o) => Object.entries(o.inputs))) {
    const owner = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? input.split('/')[0] ?? input;
    bytes.set(owner, (bytes.get(owner) ?? 0) + bytesInOutput);
  }
  return [...bytes]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([owner, n]) => `${owner} ${kb(n)}`)
    .join(', ');
}

const sum = (outputs: Output[]) => outputs.reduce((total, o) => total + o.bytes, 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

rmSync(OUT, { recursive: true, force: true });
interface Bundle {
  name: string;
  file: string;
  /** Bytes Lambda loads to start the function, and bytes of the chunks its `import()`s load later. */
  size: number;
  lazy: number;
  heaviest: string;
  imports: ImportTime[];
}
const bundles: Bundle[] = [];
/** The XLSX writer's chunk of one function that exports lists (all of them bundle the same one). */
let xlsxChunk: { file: string; bytes: number } | undefined;
for (const entry of deployedEntries()) {
  const name = relative(repoPath('functions/src'), entry);
  const outdir = join(OUT, name.replace(/\W/g, '-'));
  const { metafile } = await build({ ...functionBuildOptions(entry, outdir), metafile: true });
  const atStart = loadedAtStart(metafile);
  const modules = Object.entries(metafile.outputs).filter(([path]) => path.endsWith('.mjs'));
  const xlsx = modules.find(([, o]) =>
    Object.keys(o.inputs).some((i) => i.endsWith('platform/files/xlsx-segments.ts')),
  );
  if (xlsx && !xlsxChunk) xlsxChunk = { file: repoPath(xlsx[0]), bytes: xlsx[1].bytes };
  bundles.push({
    name,
    file: join(outdir, FUNCTION_FILE),
    size: sum(atStart),
    lazy: sum(modules.map(([, o]) => o)) - sum(atStart),
    heaviest: heaviest(atStart),
    imports: [],
  });
}
// Round after round rather than function after function: a burst of load elsewhere on the machine then
// spreads over every function instead of inflating one.
for (let run = 0; run < RUNS; run++) {
  for (const bundle of bundles) bundle.imports.push(coldImport(bundle.file));
}

console.log(`| function | minified (+ chunks loaded on first use) | cold import, median of ${RUNS} (CPU) | heaviest |`);
console.log('|---|---:|---:|---|');
for (const b of bundles) {
  const wall = median(b.imports.map((i) => i.wallMs)).toFixed(0);
  const cpu = median(b.imports.map((i) => i.cpuMs)).toFixed(0);
  const lazy = b.lazy ? ` (+ ${kb(b.lazy)})` : '';
  console.log(`| ${b.name} | ${kb(b.size)}${lazy} | ${wall} ms (${cpu} ms) | ${b.heaviest} |`);
}
if (xlsxChunk) {
  const chunk = xlsxChunk;
  const imports = Array.from({ length: RUNS }, () => coldImport(chunk.file));
  console.log(
    `\nThe XLSX writer, loaded by a container's first XLSX export: ${kb(chunk.bytes)}, cold import ${median(imports.map((i) => i.wallMs)).toFixed(0)} ms (${median(imports.map((i) => i.cpuMs)).toFixed(0)} ms CPU), median of ${RUNS}.`,
  );
}
console.log(`\nLoad average of the machine: ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores.`);
