/**
 * Straight floors: the folders of functions/src (and errors.ts) import one another one way, from the ground up:
 * errors and config; observability; data; the caller; the platform (http, files, messaging); the domains, each on
 * those below it; the workers and scheduled jobs that compose them. So do those of shared/src: validation; access,
 * common, i18n; csv, filter; the shape of a route (api/); the domains; the route table (routes/) that merges them.
 * Biome's noImportCycles refuses a loop of files;
 * this test refuses a loop of folders (a folder importing one that reaches it again), which leaves no file loop
 * and still makes a reader climb back down. Every relative import is resolved to the file it leads to.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const FUNCTIONS = dirname(fileURLToPath(import.meta.url));
const SHARED = resolve(FUNCTIONS, '../../shared/src');
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;

/**
 * The imports that climb on purpose, each with its reason. Authenticating reads the user record (or a system's key
 * record), and the users' (keys') service stands on the caller: the record would have to leave its domain's folder
 * for this one to go.
 */
const CLIMBS = new Map([
  ['caller/principal.ts → users/repository.ts', 'authenticating reads the user record'],
  ['caller/api-key.ts → apiKeys/repository.ts', 'authenticating a key reads the key record'],
]);

/** A file's folder under src (its first segment), or the file itself when it sits at the top (errors.ts). */
const folderOf = (path: string) => path.split(sep)[0] ?? path;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The file an import leads to, relative to src; undefined outside src (a package, package.json). */
function target(src: string, file: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(file), spec);
  const found = [base, `${base}.ts`, join(base, 'index.ts')].find((p) => existsSync(p) && statSync(p).isFile());
  return found?.startsWith(src) ? relative(src, found) : undefined;
}

/** Every import from one folder of src into another: `from → to` of the files, by pair of folders. */
function folderImports(src: string): Map<string, string[]> {
  const pairs = new Map<string, string[]>();
  for (const file of sourceFiles(src)) {
    const from = relative(src, file);
    for (const [, spec = ''] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const to = target(src, file, spec);
      if (!to || folderOf(to) === folderOf(from)) continue;
      const arrow = `${from.split(sep).join('/')} → ${to.split(sep).join('/')}`;
      if (CLIMBS.has(arrow)) continue;
      const pair = `${folderOf(from)} → ${folderOf(to)}`;
      pairs.set(pair, [...(pairs.get(pair) ?? []), arrow]);
    }
  }
  return pairs;
}

/** The imports between folders that reach each other (Tarjan's strongly connected components), by pair. */
function loops(pairs: Map<string, readonly string[]>): string[] {
  const next = new Map<string, string[]>();
  for (const pair of pairs.keys()) {
    const [a = '', b = ''] = pair.split(' → ');
    next.set(a, [...(next.get(a) ?? []), b]);
    if (!next.has(b)) next.set(b, []);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const component = new Map<string, number>();
  const stack: string[] = [];
  let count = 0;
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v) ?? 0);
    stack.push(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) visit(w);
      if (!component.has(w)) low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
    }
    if (low.get(v) !== index.get(v)) return;
    for (let w = stack.pop(); w !== undefined; w = w === v ? undefined : stack.pop()) component.set(w, count);
    count += 1;
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return [...pairs].flatMap(([pair, arrows]) => {
    const [a = '', b = ''] = pair.split(' → ');
    return component.get(a) === component.get(b) ? arrows.map((arrow) => `${pair}: ${arrow}`) : [];
  });
}

describe('Rule: straight floors in functions/src and shared/src', () => {
  it.each([
    [['data → observability', 'observability → config'], []],
    [
      ['data → platform', 'platform → data'],
      ['data → platform', 'platform → data'],
    ],
    [
      ['a → b', 'b → c', 'c → a', 'c → d'],
      ['a → b', 'b → c', 'c → a'],
    ],
  ])('finds the folders that reach each other in %j', (pairs, looping) => {
    // Prepare
    const imports = new Map(pairs.map((pair) => [pair, [pair]]));

    // Act
    const found = loops(imports);

    // Assess
    expect(found).toEqual(looping.map((pair) => `${pair}: ${pair}`));
  });

  it.each([
    ['functions/src', FUNCTIONS],
    ['shared/src', SHARED],
  ])('holds across %s', (_, src) => {
    expect(loops(folderImports(src))).toEqual([]);
  });

  it('names only the climbs the code still has', () => {
    const arrows = sourceFiles(FUNCTIONS).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(IMPORT)].map(
        ([, spec = '']) =>
          `${relative(FUNCTIONS, file).split(sep).join('/')} → ${target(FUNCTIONS, file, spec)?.split(sep).join('/')}`,
      ),
    );
    expect([...CLIMBS.keys()].filter((climb) => !arrows.includes(climb))).toEqual([]);
  });
});
