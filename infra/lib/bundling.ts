/**
 * How a Cellar Lambda is bundled, in one place: the CellarFunction construct bundles with these options at synth,
 * tests/infra/app.test.ts checks bundles built with them and tests/bench/functions.bench.ts measures them, so what
 * is tested and measured is what is deployed.
 */
import type { BuildOptions, Metafile } from 'esbuild';
import { REPO_ROOT } from './repo';

const MODULE = 'index';
/** The bundled module, and the export of it that Lambda calls. */
export const FUNCTION_FILE = `${MODULE}.mjs`;
export const FUNCTION_HANDLER = `${MODULE}.handler`;

/** The Node options the functions run with: stack traces in logs name the TypeScript sources. */
export const FUNCTION_NODE_OPTIONS = '--enable-source-maps';

export function functionBuildOptions(entry: string, outdir: string): BuildOptions {
  return {
    entryPoints: [entry],
    outdir,
    entryNames: MODULE,
    outExtension: { '.js': '.mjs' },
    // What the code imports with `import()` goes to a chunk of its own, loaded by the first call that needs it.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    absWorkingDir: REPO_ROOT,
    bundle: true,
    platform: 'node',
    target: 'node22',
    // middy 6 and jose ship ESM only; the banner gives bundled CommonJS dependencies their `require`.
    format: 'esm',
    mainFields: ['module', 'main'],
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    // Nothing is left to the runtime but Node's own modules: the AWS SDK is bundled at the versions the tests run.
    minify: true,
    // Error classes are told apart by name in logs and responses.
    keepNames: true,
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'warning',
  };
}

type Output = Metafile['outputs'][string];

/** The files of a bundle Lambda loads to start the function: its module and what that imports statically. */
export function loadedAtStart(metafile: Metafile): Output[] {
  const main = Object.keys(metafile.outputs).find((path) => path.endsWith(`/${FUNCTION_FILE}`));
  const loaded = new Set<string>();
  const visit = (path: string) => {
    if (loaded.has(path)) return;
    loaded.add(path);
    for (const i of metafile.outputs[path]?.imports ?? [])
      if (!i.external && i.kind === 'import-statement') visit(i.path);
  };
  if (main) visit(main);
  return [...loaded].map((path) => metafile.outputs[path] as Output);
}
