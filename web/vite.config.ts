import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteDef } from '@cellar/shared/api/route';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { type NamespacedUnregister, register, tsImport } from 'tsx/esm/api';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * What a build's chunks are made of, on demand: `ANALYZE=1 npm run build -w web` writes dist-stats.html (gzipped
 * sizes by module) beside dist, out of what is deployed.
 */
const analyze = process.env.ANALYZE
  ? [
      visualizer({
        filename: 'dist-stats.html',
        gzipSize: true,
        template: process.env.ANALYZE === 'json' ? 'raw-data' : 'treemap',
      }),
    ]
  : [];

/**
 * Repeat visits start from the browser's own copy (a service worker, Workbox's): the shell (index.html, precached,
 * a few KB) answers every page's navigation at once, even offline, and each hashed chunk, immutable, is kept the
 * first time it loads, not all of them on a phone's first visit. A deployment changes the shell's revision, so the
 * worker updates itself in the background and the next navigation runs the new build (the old chunks stay on the
 * bucket for tabs still running it). The API and the local pages (/api/…, /_…) are never the worker's.
 */
const repeatVisits = VitePWA({
  manifest: false,
  injectRegister: 'script-defer',
  registerType: 'autoUpdate',
  workbox: {
    globPatterns: ['index.html'],
    navigateFallback: 'index.html',
    navigateFallbackDenylist: [/^\/api\//, /^\/_/],
    runtimeCaching: [
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
        handler: 'CacheFirst',
        options: { cacheName: 'assets', expiration: { maxEntries: 300, maxAgeSeconds: 365 * 24 * 3600 } },
      },
    ],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
  },
});

/**
 * The first paint (src/lib/first-paint.ts): index.html's #root holds the shell's frame, its style is inlined, and
 * a small script, a hashed file of its own (the site's content security policy allows no inline script), writes
 * the list page's title into it before the first paint. React replaces it on its first commit.
 */
function firstPaint(): Plugin {
  const load = async () => {
    const module: typeof import('./src/lib/first-paint') & typeof import('./src/lib/first-paint-script') = {
      ...(await tsImport('./src/lib/first-paint.ts', import.meta.url)),
      ...(await tsImport('./src/lib/first-paint-script.ts', import.meta.url)),
    };
    const texts = (lng: string) =>
      JSON.parse(readFileSync(new URL(`./src/locales/${lng}.json`, import.meta.url), 'utf8'));
    return { ...module, titles: module.firstPaintTitles({ fr: texts('fr'), en: texts('en') }) };
  };
  let built: Awaited<ReturnType<typeof load>> | undefined;
  let emitted: { fileName: string; source: string } | undefined;
  let outDir = '';
  return {
    name: 'cellar-first-paint',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async buildStart() {
      built = await load();
    },
    // Written once index.html is: its name is the hash of what the page's own files made it.
    writeBundle() {
      if (emitted) writeFileSync(join(outDir, emitted.fileName), emitted.source);
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const fp = built ?? (await load());
        // The dev server serves its own module graph, with no security policy: its tags stay, the script inlined.
        if (ctx.server) {
          const script = fp.firstPaintScript(fp.titles, { scripts: [], modules: [], styles: [] });
          return html
            .replace('</head>', `<style>${fp.FIRST_PAINT_CSS}</style></head>`)
            .replace('<div id="root"></div>', `<div id="root">${fp.FIRST_PAINT_HTML}</div><script>${script}</script>`);
        }
        // The app's files leave the head: the script asks for them once the frame is painted. The app's style sheet
        // is preloaded then, and applied before React's first render (main.tsx, appStyles).
        const files = { scripts: [] as string[], modules: [] as string[], styles: [] as string[] };
        const tag = (list: string[]) => (_: string, href: string) => {
          list.push(href);
          return '';
        };
        const rest = html
          .replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g, tag(files.scripts))
          .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, tag(files.modules))
          .replace(/\s*<link rel="stylesheet" crossorigin href="([^"]+)">/g, tag(files.styles));
        if (!files.scripts.length) throw new Error('index.html has no module script for the first paint to load');
        const source = fp.firstPaintScript(fp.titles, files);
        const fileName = `assets/first-paint-${createHash('sha256').update(source).digest('hex').slice(0, 10)}.js`;
        emitted = { fileName, source };
        return rest
          .replace('</head>', `<style>${fp.FIRST_PAINT_CSS}</style></head>`)
          .replace(
            '<div id="root"></div>',
            `<div id="root">${fp.FIRST_PAINT_HTML}</div><script src="/${fileName}"></script>`,
          );
      },
    },
  };
}

/**
 * The route table without its schemas (src/lib/client-routes.ts): the SPA's imports of the table and of a domain's
 * `routes.ts` are answered with modules written from the real ones, loaded here in one module graph (so that a
 * domain's routes are the table's objects). A shared route module changed while the dev server runs is read again
 * on its restart.
 */
function clientRoutes(): Plugin {
  const ROUTES = /[\\/]shared[\\/]src[\\/](routes[\\/]table|[^\\/]+[\\/]routes)\.ts$/;
  const PREFIX = '\0cellar-client-routes:';
  const shared = fileURLToPath(new URL('../shared/src/', import.meta.url));
  let scope: NamespacedUnregister | undefined;
  const load = async (file: string) => {
    scope ??= register({ namespace: `client-routes-${Date.now()}` });
    return (await scope.import(file, import.meta.url)) as Record<string, unknown>;
  };
  type Generator = typeof import('./src/lib/client-routes');
  let made: Promise<{ generator: Generator; homes: ReturnType<Generator['routeHomes']> }> | undefined;
  const routeData = () => {
    made ??= (async () => {
      const generator = (await load(
        fileURLToPath(new URL('./src/lib/client-routes.ts', import.meta.url)),
      )) as unknown as Generator;
      const table = (await load(join(shared, 'routes/table.ts'))).routes as Record<string, RouteDef>;
      const domains = readdirSync(shared).filter((d) => existsSync(join(shared, d, 'routes.ts')));
      const modules = Object.fromEntries(
        await Promise.all(
          domains.map(async (d) => [PREFIX + join(shared, d, 'routes.ts'), await load(join(shared, d, 'routes.ts'))]),
        ),
      );
      return { generator, homes: generator.routeHomes(table, modules) };
    })();
    return made;
  };
  return {
    name: 'cellar-client-routes',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source.startsWith(PREFIX)) return source;
      if (!importer || !/routes/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && ROUTES.test(resolved.id) ? PREFIX + resolved.id : null;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const { generator, homes } = await routeData();
      const exports = Object.fromEntries(
        Object.entries(await load(id.slice(PREFIX.length))).filter(([k]) => k !== 'default'),
      );
      return generator.moduleWithClientRoutes(exports, id, homes);
    },
  };
}

/** The SPA is served on the API's origin; in development, /api goes to the local runtime (CELLAR_API_URL). */
export default defineConfig({
  plugins: [clientRoutes(), react(), firstPaint(), repeatVisits, ...analyze],
  // csv-parse's Node build needs Buffer; its browser build is the same parser, bundled with what it needs.
  // zod is the SPA's configured zod (src/lib/zod.ts), for every module that imports it.
  resolve: {
    alias: [
      { find: 'csv-parse/sync', replacement: 'csv-parse/browser/esm/sync' },
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod.ts', import.meta.url)) },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // AG Grid alone is ≈1 MB minified; it lives in the lazy list chunks, never in the first load.
    chunkSizeWarningLimit: 1500,
    // A flag is a file of its own, fetched when one shows: inlined, the ≈270 countries' flags would make
    // flag-icons' style sheet weigh 76 KB gzipped on every page that shows one.
    assetsInlineLimit: (file) => (/[\\/]flag-icons[\\/]flags[\\/]/.test(file) ? false : undefined),
    rolldownOptions: {
      output: {
        codeSplitting: {
          // zod and its configuration (src/lib/zod.ts) in one chunk, which every chunk that builds a schema imports.
          groups: [
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]zod\.ts$/, priority: 2 },
            // What the first load needs, in one chunk rather than forty small ones that compress less well.
            { name: 'app', tags: ['$initial'], priority: 1 },
            // The signed-in shell (layout, providers, updates badge) and the list pages' common grid (toolbar,
            // filters, pager), each with what it statically imports beyond the first chunk: two chunks instead of
            // some sixty of a few hundred bytes, each a request on the signed-in first load. What they import
            // lazily (AG Grid, the updates and export dialogs with their date pickers) stays in chunks of its own.
            {
              name: 'shell',
              test: /src[\\/](components[\\/]layouts[\\/]app-layout|app[\\/]signed-in-provider|features[\\/]app-updates[\\/]components[\\/]updates-badge)\.tsx$/,
              priority: 0,
            },
            {
              name: 'list',
              test: /src[\\/]components[\\/]data-grid[\\/](data-grid\.tsx|list-prefetch\.ts)$/,
              priority: 0,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.CELLAR_API_URL ?? 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
