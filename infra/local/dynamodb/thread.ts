/**
 * The local DynamoDB in a thread of its own: the functions' JavaScript and the emulator's then run on two cores, as
 * the service and its callers do, and a transaction is not held open while the functions' work fills the event
 * loop (which, under many concurrent requests, turned most transactions into conflicts). `startDynamoThread`
 * answers the port it listens on and a stop that closes its store.
 *
 * The thread runs the server's TypeScript bundled into one JavaScript module (esbuild, the packages left to
 * node_modules), written once per content under node_modules/.cache: a TypeScript loader registered in each thread
 * cost about half a CPU-second a start, and every integration file and runtime starts one. The module is named by
 * its sources (this folder's TypeScript, esbuild's version and the build's options), so that a start whose sources
 * were bundled before reuses the module without starting esbuild: the test command starts about sixty.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { type BuildOptions, build, version } from 'esbuild';

interface Started {
  port: number;
  stop(): Promise<void>;
}

/**
 * Beside the project's node_modules, so that the bundle's own `require`s (dynalite's pieces, internals.ts) resolve
 * from there as the sources' do.
 */
const CACHE = resolve(import.meta.dirname, '../../../node_modules/.cache/cellar-local');

let bundled: Promise<string> | undefined;

const SOURCES = import.meta.dirname;
const OPTIONS = {
  entryPoints: [join(SOURCES, 'server-thread.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  write: false,
  metafile: true,
  logLevel: 'silent',
} satisfies BuildOptions;

/** This folder's TypeScript (its tests aside), esbuild's version and the options: what the module is made of. */
export function sourcesKey(): string {
  const hash = createHash('sha256')
    .update(version)
    // The entry's path aside: the same sources in another checkout make the same module.
    .update(JSON.stringify({ ...OPTIONS, entryPoints: ['server-thread.ts'] }));
  for (const name of readdirSync(SOURCES).sort()) {
    if (name.endsWith('.ts') && !name.endsWith('.test.ts')) hash.update(name).update(readFileSync(join(SOURCES, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The thread's module, bundled from server-thread.ts unless a module of the same sources is there; once per process. */
export function threadModule(): Promise<string> {
  bundled ??= (async () => {
    const file = join(CACHE, `dynamodb-thread-${sourcesKey()}.mjs`);
    if (existsSync(file)) return file;
    const out = await build(OPTIONS);
    const code = out.outputFiles[0]?.text;
    if (!code) throw new Error('The local DynamoDB thread could not be bundled');
    // The name covers this folder only: a source from elsewhere would change the module and not its name.
    const outside = Object.keys(out.metafile.inputs).filter((input) => relative(SOURCES, resolve(input)).includes('/'));
    if (outside.length) throw new Error(`The local DynamoDB thread bundles sources outside its folder: ${outside}`);
    mkdirSync(CACHE, { recursive: true });
    // Written aside then renamed: two processes starting at once each write a whole file, and either one stays.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, code);
    renameSync(partial, file);
    pruneBundles(CACHE, file);
    return file;
  })();
  return bundled;
}

/** How long a bundle of another content is kept after its last write: a runtime started before a change may still use it. */
export const KEEP_OTHER_BUNDLES_MS = 24 * 60 * 60 * 1000;

/**
 * Removes the bundles (and half-written ones) of other contents written more than a day ago, once a new content is
 * written: each change of the emulator's code writes a new module, and the old ones would pile up in the cache.
 */
export function pruneBundles(dir: string, keep: string, now = Date.now()): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (path === keep || !name.startsWith('dynamodb-thread-')) continue;
    try {
      if (now - statSync(path).mtimeMs > KEEP_OTHER_BUNDLES_MS) rmSync(path, { force: true });
    } catch {
      // Removed meanwhile by another process pruning too.
    }
  }
}

/**
 * Loads LevelDB's native library (classic-level's binding) in this thread too, where it stays until the process
 * ends. Node unloads a native library a worker thread loaded when that thread ends, but LevelDB's compaction thread,
 * which the library starts and never ends, goes on with its code: once unmapped, the process dies of a segmentation
 * fault when that thread next wakes, which a later store's work causes. A process that starts and stops stores in
 * turn died so, silently (the integration files sharing a worker: vitest's "Worker exited unexpectedly" in 2 test
 * commands of 8); held here, the library stays mapped after a thread's end (thread.test.ts).
 */
const holdStoreLibrary = () => createRequire(import.meta.url)('classic-level');

export async function startDynamoThread(path: string): Promise<Started> {
  holdStoreLibrary();
  const worker = new Worker(await threadModule(), { workerData: { path } });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('message', (m: { port: number }) => resolve(m.port));
    worker.once('error', reject);
  });
  return {
    port,
    stop: async () => {
      const closed = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage('stop');
      await closed;
    },
  };
}
