// @vitest-environment node
/**
 * The JavaScript a first visit downloads stays within budget (issue 13): the sign-in page, and a list page signed
 * in, counting every chunk the page loads (index.html's scripts, its route's chunks and what they import). Vite's
 * manifest of the SPA's production build tells which chunks those are.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type Manifest = Record<string, { file: string; name?: string; imports?: string[] }>;

/**
 * What a page loads beside index.html's scripts (the sign-in page and the French texts are part of those): modules
 * that are chunks of their own, or chunks named in vite.config.ts's groups. The list page is the recipients list:
 * the signed-in shell (layout, providers, updates badge: the "shell" chunk) around a contact list, and AG Grid; on
 * a phone, the light table instead of AG Grid (components/data-grid/light-grid.tsx).
 */
const PAGES = {
  login: [],
  list: [
    'shell',
    'src/features/contacts/routes/contact-list.tsx',
    // AG Grid, which the grid loads lazily, the list's loader starting it.
    'src/components/data-grid/infinite-grid.tsx',
  ],
  phoneList: ['shell', 'src/features/contacts/routes/contact-list.tsx', 'src/components/data-grid/light-grid.tsx'],
} as const;

/** A page's module or named chunk, as a manifest key. */
const keyOf = (manifest: Manifest, module: string): string | undefined =>
  module in manifest
    ? module
    : Object.keys(manifest).find((key) => key.startsWith('_') && key.endsWith('.js') && manifest[key]?.name === module);

/**
 * The most each page may load, in KB (1,024 bytes) gzipped at zlib's default level. Issue 13 aims at 150 and 350;
 * these ceilings sit just above the figures reached so far (226 and 625), so a change may lower them, not raise
 * them. The libraries alone set a floor: React DOM, React Router's data router, the sign-in page's Mantine
 * components and i18next come to about 150 KB before any of the product's code, and AG Grid's core with the
 * modules the grid registers to about 250 KB more (measured with esbuild, minified and gzipped). The sign-in page's
 * ceiling was raised from 230 to 232 for the first paint's script (1.4 KB: lib/first-paint.ts), which paints
 * the frame and a list's title before any of the rest has arrived; then to 233, by 0.11 KB, for the list queries'
 * messages in both languages (an API refusal no longer reaches a person in English only) and the one-owner sort
 * rule the grid and the API now share (filter/query.ts: `sortsFor`), which the shared modules of the entry chunk
 * carry. The list's rose from 630 to 631 (0.97 KB) with the phone's light table: the grid's pages and cells read
 * in one place for both tables, and the page size as the browser's own select; the table itself is a chunk a
 * desktop never loads. On a phone the same list page loads about 333 KB, AG Grid left out.
 */
const BUDGET_KB: Record<keyof typeof PAGES, number> = { login: 233, list: 631, phoneList: 333 };

/**
 * The scripts index.html loads: its own (the first paint's, the service worker's registration) and those the first
 * paint's script asks for once the frame is painted (the app's module script and preloads: lib/first-paint.ts).
 */
function htmlScripts(): string[] {
  const own = [...readFileSync(join(out, 'index.html'), 'utf8').matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map(
    (m) => m[1] as string,
  );
  const asked = own
    .filter((file) => file.includes('first-paint-'))
    .flatMap((file) => [...readFileSync(join(out, file), 'utf8').matchAll(/"\/(assets\/[^"]+\.js)"/g)])
    .map((m) => m[1] as string);
  return [...own, ...asked];
}

/** index.html's scripts that are chunks, as manifest keys. */
function entryKeys(manifest: Manifest): string[] {
  const files = htmlScripts();
  return Object.keys(manifest).filter((key) => files.includes(manifest[key]?.file as string));
}

/** index.html's scripts that are no chunk (the service worker's registration, which the PWA plugin writes). */
const otherScripts = (manifest: Manifest) => {
  const chunks = new Set(Object.values(manifest).map((c) => c.file));
  return htmlScripts().filter((file) => !chunks.has(file));
};

/**
 * The files of index.html's scripts, of these modules' chunks and of every chunk they import statically, as the
 * browser fetches them. A module that is not a chunk of its own sits in one of those.
 */
function pageChunks(manifest: Manifest, modules: readonly string[]): string[] {
  const seen = new Set<string>();
  const todo = [...entryKeys(manifest), ...modules.flatMap((module) => keyOf(manifest, module) ?? [])];
  for (let key = todo.pop(); key !== undefined; key = todo.pop()) {
    if (seen.has(key)) continue;
    seen.add(key);
    todo.push(...(manifest[key]?.imports ?? []));
  }
  return [...seen].map((key) => manifest[key]?.file as string).filter((file) => file.endsWith('.js'));
}

const WEB = fileURLToPath(new URL('..', import.meta.url));
/**
 * The build the test command made just before (`tests/run-all.sh`: `vite build --manifest`, the SPA every test
 * uses), named by CELLAR_WEB_BUILT; without it, the test builds the SPA itself into a temporary folder.
 */
const prebuilt = process.env.CELLAR_WEB_BUILT;
const out = prebuilt ?? mkdtempSync(join(tmpdir(), 'cellar-web-budget-'));
let manifest: Manifest;

beforeAll(async () => {
  if (!prebuilt) {
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
  }
  const file = join(out, '.vite/manifest.json');
  if (!existsSync(file)) throw new Error(`${out} holds no .vite/manifest.json (build it with vite build --manifest)`);
  manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}, 120_000);

afterAll(() => {
  if (!prebuilt) rmSync(out, { recursive: true, force: true });
});

const gzippedKb = (files: string[]) =>
  files.reduce((sum, file) => sum + gzipSync(readFileSync(join(out, file))).length, 0) / 1024;

describe('first-load JavaScript', () => {
  for (const [page, modules] of Object.entries(PAGES) as [keyof typeof PAGES, readonly string[]][]) {
    it(`${page} loads at most ${BUDGET_KB[page]} KB gzipped`, () => {
      for (const module of modules) expect(keyOf(manifest, module), `${module} is built`).toBeDefined();
      const files = [...pageChunks(manifest, modules), ...otherScripts(manifest)];
      const kb = gzippedKb(files);
      console.info(`${page}: ${kb.toFixed(2)} KB gzipped JavaScript in ${files.length} chunks`);
      expect(kb).toBeLessThanOrEqual(BUDGET_KB[page]);
    });
  }
});

describe('style sheets', () => {
  it('leave the flags out: each flag is a file of its own, fetched when one shows', () => {
    const assets = join(out, 'assets');
    const sheets = readdirSync(assets)
      .filter((file) => file.endsWith('.css'))
      .map((file) => readFileSync(join(assets, file), 'utf8'))
      .filter((css) => css.includes('.fi-fr{'));
    expect(sheets).toHaveLength(1);
    expect(sheets[0]).toMatch(/\.fi-fr\{background-image:url\(\/assets\/fr-[\w-]+\.svg\)\}/);
    expect(sheets[0]).not.toContain('data:image/svg+xml');
  });
});

/**
 * A list's first load builds no schema: the SPA never validates what it reads (the API does), and building the
 * shared zod schemas at a module's evaluation is main-thread time a phone feels (about 15 ms unthrottled for the
 * recipients list's, before the constants a list reads moved to data-only modules beside them:
 * `common/segments.ts`, `stocks/qualities.ts`, `contacts/types.ts`; about 4 ms more for the sign-in form's, in the
 * first chunk until the form asked for its rules as it shows). No chunk of the page's first load, the first chunk
 * included, is zod's or imports it.
 */
describe("a list page's first load", () => {
  for (const page of ['list', 'phoneList'] as const) {
    it(`${page} loads no chunk that builds a schema, the first chunk included`, () => {
      const zod = keyOf(manifest, 'zod');
      expect(zod, 'the zod chunk is built').toBeDefined();
      const files = pageChunks(manifest, PAGES[page]);
      expect(files).not.toContain(manifest[zod as string]?.file);
      const building = Object.values(manifest)
        .filter((chunk) => chunk.imports?.includes(zod as string))
        .map((chunk) => chunk.file);
      expect(files.filter((file) => building.includes(file))).toEqual([]);
    });
  }
});
