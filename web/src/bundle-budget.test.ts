// @vitest-environment node
/**
 * The JavaScript a first visit downloads stays within budget (issue 13): the sign-in page, and a list page signed
 * in, counting every chunk the page loads (index.html's scripts, its route's chunks and what they import). The
 * SPA is built into a temporary folder and Vite's manifest tells which chunks those are.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type Manifest = Record<string, { file: string; imports?: string[] }>;

/**
 * The modules whose chunks a page loads beside index.html's scripts (the sign-in page and the French texts are
 * part of those). The list page is the recipients list: the signed-in shell (layout,
 * providers, updates badge) around a contact list, and AG Grid.
 */
const PAGES = {
  login: [],
  list: [
    'src/components/layouts/app-layout.tsx',
    'src/app/signed-in-provider.tsx',
    'src/features/app-updates/components/updates-badge.tsx',
    'src/features/contacts/routes/contact-list.tsx',
    // AG Grid, which the grid loads lazily, the list's loader starting it.
    'src/components/data-grid/infinite-grid.tsx',
  ],
} as const;

/**
 * The most each page may load, in KB (1,024 bytes) gzipped at zlib's default level. Issue 13 aims at 150 and 350;
 * these ceilings sit just above the figures reached so far (225 and 646), so a change may lower them, not raise
 * them. AG Grid's core with the infinite row model alone weighs about 260 KB gzipped, so the list page's aim needs
 * a lighter grid on first paint.
 */
const BUDGET_KB: Record<keyof typeof PAGES, number> = { login: 230, list: 650 };

/** The scripts index.html loads (its module scripts and preloads), as manifest keys. */
function entryKeys(manifest: Manifest): string[] {
  const html = readFileSync(join(out, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1]);
  return Object.keys(manifest).filter((key) => files.includes(manifest[key]?.file));
}

/**
 * The files of index.html's scripts, of these modules' chunks and of every chunk they import statically, as the
 * browser fetches them. A module that is not a chunk of its own sits in one of those.
 */
function pageChunks(manifest: Manifest, modules: readonly string[]): string[] {
  const seen = new Set<string>();
  const todo = [...entryKeys(manifest), ...modules.filter((key) => key in manifest)];
  for (let key = todo.pop(); key !== undefined; key = todo.pop()) {
    if (seen.has(key)) continue;
    seen.add(key);
    todo.push(...(manifest[key]?.imports ?? []));
  }
  return [...seen].map((key) => manifest[key]?.file as string).filter((file) => file.endsWith('.js'));
}

const WEB = fileURLToPath(new URL('..', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'cellar-web-budget-'));
let manifest: Manifest;

beforeAll(async () => {
  // As `npm run build` does: under vitest NODE_ENV is 'test', which would bundle React's development build.
  const env = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: WEB,
      configFile: join(WEB, 'vite.config.ts'),
      logLevel: 'silent',
      build: { outDir: out, manifest: true },
    });
  } finally {
    process.env.NODE_ENV = env;
  }
  manifest = JSON.parse(readFileSync(join(out, '.vite/manifest.json'), 'utf8')) as Manifest;
}, 120_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

const gzippedKb = (files: string[]) =>
  files.reduce((sum, file) => sum + gzipSync(readFileSync(join(out, file))).length, 0) / 1024;

describe('first-load JavaScript', () => {
  for (const [page, modules] of Object.entries(PAGES) as [keyof typeof PAGES, readonly string[]][]) {
    it(`${page} loads at most ${BUDGET_KB[page]} KB gzipped`, () => {
      for (const key of modules) expect(JSON.stringify(manifest), `${key} is built`).toContain(key.replace('../', ''));
      const files = pageChunks(manifest, modules);
      const kb = gzippedKb(files);
      console.info(`${page}: ${kb.toFixed(1)} KB gzipped JavaScript in ${files.length} chunks`);
      expect(kb).toBeLessThanOrEqual(BUDGET_KB[page]);
    });
  }
});
