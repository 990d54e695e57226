/**
 * Bundles one Cellar function: `bundle-function.ts <entry> <outdir>`. The CellarFunction construct runs it in a
 * child process, because CDK bundles synchronously and esbuild runs plugins only in its asynchronous API.
 */
import { build } from 'esbuild';
import { functionBuildOptions } from '../lib/bundling';

const [entry, outdir] = process.argv.slice(2);
if (!entry || !outdir) throw new Error('Usage: bundle-function.ts <entry> <outdir>');
await build(functionBuildOptions(entry, outdir));
