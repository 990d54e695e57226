/**
 * How a Cellar Lambda is bundled, in one place: the CellarFunction construct bundles with these options at synth
 * and tests/bench/functions.bench.ts measures bundles built with them, so what is measured is what is deployed.
 */
import { join } from 'node:path';
import type { BuildOptions } from 'esbuild';
import { REPO_ROOT } from './repo';

/** The bundled module, and the export of it that Lambda calls. */
export const FUNCTION_FILE = 'index.mjs';
export const FUNCTION_HANDLER = 'index.handler';

/** The Node options the functions run with: stack traces in logs name the TypeScript sources. */
export const FUNCTION_NODE_OPTIONS = '--enable-source-maps';

export function functionBuildOptions(entry: string, outdir: string): BuildOptions {
  return {
    entryPoints: [entry],
    outfile: join(outdir, FUNCTION_FILE),
    absWorkingDir: REPO_ROOT,
    bundle: true,
    platform: 'node',
    target: 'node22',
    // middy 6 and jose ship ESM only; the banner gives bundled CommonJS dependencies their `require`.
    format: 'esm',
    mainFields: ['module', 'main'],
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    // The runtime provides the SDK; bundling it would only add cold-start weight.
    external: ['@aws-sdk/*'],
    minify: true,
    // Error classes are told apart by name in logs and responses.
    keepNames: true,
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'warning',
  };
}
