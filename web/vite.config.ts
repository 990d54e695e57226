import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig } from 'vite';
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

/** The SPA is served on the API's origin; in development, /api goes to the local runtime (CELLAR_API_URL). */
export default defineConfig({
  plugins: [react(), repeatVisits, ...analyze],
  // csv-parse's Node build needs Buffer; its browser build is the same parser, bundled with what it needs.
  resolve: { alias: { 'csv-parse/sync': 'csv-parse/browser/esm/sync' } },
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
          // zod and its configuration share a chunk, so the jitless setting (zod-config.ts) is in force before any
          // chunk that builds a schema runs: they all import this one first.
          groups: [
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]zod-config/, priority: 2 },
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
